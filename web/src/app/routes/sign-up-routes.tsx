import { useEffect } from 'react';
import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignUpResponse } from '@chorus/core';
import { useStartSession } from '../../lib/auth.tsx';
import { subdomainOf } from '../../lib/hosts.ts';
import { useNotify } from '../../lib/notify.tsx';
import { safeNextPath } from '../../lib/redirects.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useBrandedSettings } from '../../features/auth/api/get-branded-settings.ts';
import { inviteUnknown, useInvite } from '../../features/sign-up/api/get-invite.ts';
import { InviteLookupFailed, InviteWaiting } from '../../features/sign-up/components/invite-wait.tsx';
import { ContinueInApp } from '../../features/sign-up/components/continue-in-app.tsx';
import { ConfirmEmailScreen } from '../../features/sign-up/components/confirm-email-screen.tsx';
import { InviteSignUpForm } from '../../features/sign-up/components/invite-sign-up-form.tsx';
import { JoinCompanyForm } from '../../features/sign-up/components/join-company-form.tsx';
import { SelfSignUpForm } from '../../features/sign-up/components/self-sign-up-form.tsx';

/** After a sign-up the user is signed in: a url from the server is followed, else the feed. */
function useFinishSignUp(): (result: SignUpResponse) => void {
  const navigate = useNavigate();
  const startSession = useStartSession();
  return (result) => {
    startSession(result.user);
    if (result.url !== null) {
      const path = result.url.startsWith('/') ? safeNextPath(result.url) : null;
      if (path !== null) {
        void navigate(path, { replace: true });
        return;
      }
      if (/^https?:\/\//i.test(result.url)) {
        window.location.assign(result.url);
        return;
      }
    }
    void navigate('/', { replace: true });
  };
}

/**
 * /sign-up?code: the invite is looked up as v2, then v1; when neither knows it the user is
 * told the link is no longer valid and sent to sign-in. A look-up that gets no answer about
 * the invite (the network, a busy server) is polled every second, with a visible and
 * announced waiting state, and after the last try the user is told and may try again.
 * SSO-only companies get their providers' sign-up instead of the form. Phones are offered the app.
 */
export function SignUpRoute(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const invite = useInvite(code);
  const branding = useBrandedSettings();
  const finish = useFinishSignUp();

  const unknown = invite.isError && inviteUnknown(invite.error);
  useEffect(() => {
    if (!unknown) return;
    notify.error(t('signUp.inviteInvalid'), { title: t('title.signUp', { ns: 'errors' }) });
    void navigate('/sign-in', { replace: true });
  }, [unknown, notify, t, navigate]);

  if (invite.isError && !unknown && !invite.isFetching) return <InviteLookupFailed onRetry={() => void invite.refetch()} />;
  if (!invite.data) return invite.failureCount > 0 || invite.isError ? <InviteWaiting failures={invite.failureCount} /> : <PageSpinner />;
  const subdomain = subdomainOf(window.location.hostname) ?? invite.data.company.subdomain;
  const sso = branding.data?.sso_settings;
  const emailSignUp = branding.data?.feature_toggles.email_login_enabled ?? true;
  const query = `?${new URLSearchParams({ code }).toString()}`;

  return (
    <>
      {emailSignUp ? (
        <InviteSignUpForm code={code} invite={invite.data} onSignedUp={finish} />
      ) : (
        <>
          <Text as="h1" size={600} weight="semibold">
            {t('signUp.heading', { company: invite.data.company.company_name })}
          </Text>
          {sso?.google_enabled ? (
            <Button as="a" href={`/api/v1/auth/google/sign-up${query}`} appearance="primary" size="large">
              {t('signUp.google')}
            </Button>
          ) : null}
          {sso?.saml_enabled ? (
            <Button as="a" href={`/api/v1/auth/saml/sign-up${query}`} appearance="primary" size="large">
              {t('signUp.saml')}
            </Button>
          ) : null}
        </>
      )}
      <ContinueInApp code={code} subdomain={subdomain} />
    </>
  );
}

/** /self-sign-up: only where the branded settings allow it; elsewhere it leads to sign-in. */
export function SelfSignUpRoute(): JSX.Element {
  const location = useLocation();
  const branding = useBrandedSettings();
  const finish = useFinishSignUp();
  if (branding.isPending) return <PageSpinner />;
  if (!branding.data?.self_sign_up_enabled) return <Navigate to="/sign-in" replace />;
  return <SelfSignUpForm companyName={branding.data.title} signInTo={{ pathname: '/sign-in', search: location.search }} onSignedUp={finish} />;
}

/** /confirm-email?code: the link mailed to a self sign-up; confirms the address once. */
export function ConfirmEmailRoute(): JSX.Element {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (!code) return <Navigate to="/sign-in" replace />;
  return <ConfirmEmailScreen code={code} />;
}

/** /sign-up/join?code: the link mailed to the owner of an existing account; joins with its password. */
export function SignUpJoinRoute(): JSX.Element {
  const [params] = useSearchParams();
  const branding = useBrandedSettings();
  const finish = useFinishSignUp();
  const code = params.get('code');
  if (!code) return <Navigate to="/sign-in" replace />;
  if (branding.isPending) return <PageSpinner />;
  return <JoinCompanyForm code={code} companyName={branding.data?.title ?? ''} onJoined={finish} />;
}
