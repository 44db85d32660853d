import type { JSX, ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { BrandedSettingsResponse } from '@chorus/core';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground3,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  },
  panel: {
    width: '100%',
    maxWidth: '420px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  logo: {
    alignSelf: 'center',
    maxWidth: '220px',
    maxHeight: '80px',
    objectFit: 'contain',
  },
});

/**
 * The branded frame of the auth screens: the company's background image, and a panel with
 * its logo above the screen's content.
 */
export function AuthLayout(props: { branding: BrandedSettingsResponse | undefined; children: ReactNode }): JSX.Element {
  const styles = useStyles();
  const { t } = useTranslation();
  const background = props.branding?.signin_background_image;
  const logo = props.branding?.company_logo;
  return (
    <main className={styles.root} style={background ? { backgroundImage: `url("${encodeURI(background)}")` } : undefined}>
      <div className={styles.panel}>
        {logo ? <img className={styles.logo} src={logo} alt={t('signIn.logoAlt', { company: props.branding?.title ?? '' })} /> : null}
        {props.children}
      </div>
    </main>
  );
}
