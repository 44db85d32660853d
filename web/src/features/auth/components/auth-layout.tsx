import type { JSX, ReactNode } from 'react';

import type { BrandedSettingsResponse } from '@chorus/core';
import { useTranslation } from 'react-i18next';
import styles from './auth-layout.module.css';

/**
 * The branded frame of the auth screens: the company's background image, and a panel with
 * its logo above the screen's content.
 */
export function AuthLayout(props: { branding: BrandedSettingsResponse | undefined; children: ReactNode }): JSX.Element {
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
