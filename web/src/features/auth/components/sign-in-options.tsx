import type { JSX } from 'react';
import { Button, Divider, Text } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { useLocation, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SOCIAL_SIGN_IN_SLUGS, SocialSignIn, type BrandedSettingsResponse } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
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
export function SignInOptions(props: { branding: BrandedSettingsResponse | undefined; emailTo: To }): JSX.Element {
  const { t } = useTranslation();
  const branding = props.branding;
  const social = branding ? enabledSocialSignIns(branding.social_sign_in_settings) : [];
  const next = new URLSearchParams(useLocation().search).get('next');
  // The server keeps `next` through the Google round trip (local paths only) and hands it to /sign-in/sso.
  const googleHref = `/api/v1/auth/google/sign-in${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`;
  const samlUrl = branding?.sso_settings.saml_enabled ? branding.sso_settings.saml_url : null;
  const primaryCount =
    (branding?.sso_settings.google_enabled ? 1 : 0) + (samlUrl ? 1 : 0) + (branding?.feature_toggles.email_login_enabled ? 1 : 0);

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
          <Button as="a" href={googleHref} appearance="primary" size="large">
            {t('signIn.google')}
          </Button>
        ) : null}
        {samlUrl ? (
          <Button as="a" href={samlUrl.startsWith('/') && next ? `${samlUrl}?${new URLSearchParams({ next }).toString()}` : samlUrl} appearance="primary" size="large">
            {t('signIn.saml')}
          </Button>
        ) : null}
        {branding?.feature_toggles.email_login_enabled ? (
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
