import { useEffect, useRef } from 'react';
import type { JSX, MouseEvent } from 'react';
import { Button, Divider, Text } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { useLocation, useNavigate, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_SIGN_IN_SLUGS, SSO_LOGIN_POLL_MS, SocialSignIn, type BrandedSettingsResponse } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { beginSession } from '../../../lib/auth.tsx';
import { afterSignInTarget } from '../../../lib/redirects.ts';
import { watchSsoPopup } from '../sso-finish.ts';
import styles from './sign-in-options.module.css';

/** Translation keys of the social sign-in buttons, by index in the branded settings. */
const SOCIAL_LABEL_KEYS: Readonly<Record<number, string>> = {
  [SocialSignIn.X]: 'signIn.social.x',
  [SocialSignIn.FACEBOOK]: 'signIn.social.facebook',
  [SocialSignIn.LINKEDIN]: 'signIn.social.linkedin',
  [SocialSignIn.GOOGLE]: 'signIn.social.google',
  [SocialSignIn.INSTAGRAM]: 'signIn.social.instagram',
};

/** The social sign-in options a company enables, as `[index, slug]` pairs in display order. */
export function enabledSocialSignIns(settings: readonly boolean[]): [number, string][] {
  return Object.entries(SOCIAL_SIGN_IN_SLUGS)
    .map(([index, slug]): [number, string] => [Number(index), slug])
    .filter(([index]) => settings[index] === true);
}

/**
 * The sign-in choices the company's branding allows: Google and SAML single sign-on, email,
 * and the enabled social networks. SSO and social options are browser navigations to the
 * server; email opens the email form.
 */
export function SignInOptions(props: {
  branding: BrandedSettingsResponse | undefined;
  emailTo: To;
  /** Offer e-mail sign-in without a company's branding (the assisted-login host). */
  offerEmail?: boolean;
}): JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branding = props.branding;
  const social = branding ? enabledSocialSignIns(branding.social_sign_in_settings) : [];
  const { search } = useLocation();
  const next = new URLSearchParams(search).get('next');
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  /**
   * Framed by another site (the Teams tab, the extension), an identity provider usually
   * refuses to be framed: SSO then runs in a popup, which posts the new session back; the
   * popup is polled so that closing it leaves the sign-in screen usable again.
   */
  const openSsoPopup = (event: MouseEvent<HTMLAnchorElement | HTMLButtonElement>, href: string): void => {
    if (window.top === window.self) return;
    const popup = window.open(href, 'chorus-sso', 'popup,width=520,height=680');
    // A blocked popup leaves the link to navigate this frame.
    if (!popup) return;
    event.preventDefault();
    stopWatching.current?.();
    stopWatching.current = watchSsoPopup(window, popup, SSO_LOGIN_POLL_MS, (outcome) => {
      stopWatching.current = null;
      if (outcome.kind !== 'signed-in') return;
      beginSession(outcome.token, outcome.userId);
      void navigate(afterSignInTarget(search), { replace: true });
    });
  };
  // The server keeps `next` through the Google round trip (local paths only) and hands it to /sign-in/sso.
  const googleHref = `/api/v1/auth/google/sign-in${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`;
  // Without a company (the assisted-login host) e-mail sign-in still finds the user's company.
  const emailOffered = branding ? branding.feature_toggles.email_login_enabled : props.offerEmail === true;
  const samlUrl = branding?.sso_settings.saml_enabled ? branding.sso_settings.saml_url : null;
  const samlHref = samlUrl?.startsWith('/') && next ? `${samlUrl}?${new URLSearchParams({ next }).toString()}` : samlUrl;
  const primaryCount =
    (branding?.sso_settings.google_enabled ? 1 : 0) + (samlUrl ? 1 : 0) + (emailOffered ? 1 : 0);

  return (
    <>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {branding ? t('signIn.headingWithCompany', { company: branding.title }) : t('signIn.heading')}
      </Text>
      {branding?.signin_explainer ? (
        <Text as="p" className={styles.explainer}>
          {branding.signin_explainer}
        </Text>
      ) : null}
      <div className={styles.options}>
        {branding?.sso_settings.google_enabled ? (
          <Button as="a" href={googleHref} appearance="primary" size="large" onClick={(event) => openSsoPopup(event, googleHref)}>
            {t('signIn.google')}
          </Button>
        ) : null}
        {samlUrl ? (
          <Button as="a" href={samlHref ?? samlUrl} appearance="primary" size="large" onClick={(event) => openSsoPopup(event, samlHref ?? samlUrl)}>
            {t('signIn.saml')}
          </Button>
        ) : null}
        {emailOffered ? (
          <RouterButtonLink to={props.emailTo} appearance="primary" size="large" icon={<MailRegular />}>
            {t('signIn.email')}
          </RouterButtonLink>
        ) : null}
      </div>
      {social.length > 0 ? (
        <section aria-labelledby="chorus-social-sign-in" className={styles.options}>
          {primaryCount > 0 ? <Divider /> : null}
          <Text as="h2" id="chorus-social-sign-in" size={300} weight="semibold" className={styles.groupHeading}>
            {t('signIn.socialHeading')}
          </Text>
          {social.map(([index, slug]) => (
            <Button key={slug} as="a" href={`/api/v1/auth/sign-in/${slug}?is_element=1`} size="large">
              {t(SOCIAL_LABEL_KEYS[index] ?? 'signIn.social.other', { network: slug })}
            </Button>
          ))}
        </section>
      ) : null}
      {primaryCount === 0 && social.length === 0 ? <Text as="p">{t('signIn.noOptions')}</Text> : null}
    </>
  );
}
