import type { JSX, ReactNode } from 'react';

import type { BrandedSettingsResponse } from '@chorus/core';
import { useTranslation } from 'react-i18next';
import styles from './auth-layout.module.css';

/**
 * The branded frame of the auth screens: the company's background image, and a panel with
 * its logo above the screen's content. The background is a decorative picture at low priority
 * rather than a CSS background (which Chromium fetches at high priority once it is on screen):
 * on a phone's slow network it took its bandwidth from the sign-in screen's own code.
 */
export function AuthLayout(props: { branding: BrandedSettingsResponse | undefined; children: ReactNode }): JSX.Element {
  const { t } = useTranslation();
  const background = props.branding?.signin_background_image;
  const logo = props.branding?.company_logo;
  return (
    <main className={styles.root}>
      {background ? <img className={styles.backdrop} src={encodeURI(background)} alt="" fetchPriority="low" decoding="async" /> : null}
      <div className={styles.panel}>
        {logo ? <img className={styles.logo} src={logo} alt={t('signIn.logoAlt', { company: props.branding?.title ?? '' })} /> : null}
        {props.children}
      </div>
    </main>
  );
}
