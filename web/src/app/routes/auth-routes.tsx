import { MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import type { JSX } from 'react';
import { Navigate, Outlet, useHref, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isSignInRedirect, isSignInSso, REMOVAL_SUCCESS_TOAST_MS, SsoRedirectCode, type SignInResult } from '@chorus/core';
import { api } from '../../lib/api.ts';
import { useIsSignedIn, useSignOut, useStartSession } from '../../lib/auth.tsx';
import { useChorusSettings } from '../../lib/chorus-context.ts';
import { ASSISTED_LOGIN_SUBDOMAIN, isAllowedRedirectUrl, originForSubdomain, subdomainOf } from '../../lib/hosts.ts';
import { useNotify } from '../../lib/notify.tsx';
import { afterSignInTarget, companySignInUrl, MOVED_PARAM } from '../../lib/redirects.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { RouterLink } from '../../components/router-link.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useBrandedSettings } from '../../features/auth/api/get-branded-settings.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { EmailSignInForm } from '../../features/auth/components/email-sign-in-form.tsx';
import { SignInErrorView } from '../../features/auth/components/sign-in-error-view.tsx';
import { SignInOptions } from '../../features/auth/components/sign-in-options.tsx';
import { finishSsoSignIn } from '../../features/auth/sso-finish.ts';

/**
 * The auth area: loads the branded settings (title, background, logo) around every auth
 * screen; the favicon is every page's (BrandThemeProvider). When they fail on a company
 * subdomain, the browser moves to the `app` host.
 */
export function AuthAreaRoute(): JSX.Element {
  const branding = useBrandedSettings();
  const { host } = useChorusSettings();
  const location = useLocation();
  const signInHref = useHref('/sign-in');
  useDocumentTitle(branding.data?.title);

  useEffect(() => {
    // Offline is not a missing company: the installed app opens its shell and says it is offline.
    if (!branding.isError || !navigator.onLine || host !== 'web' || subdomainOf(window.location.hostname) === ASSISTED_LOGIN_SUBDOMAIN) return;
    const origin = originForSubdomain(window.location, ASSISTED_LOGIN_SUBDOMAIN);
    if (origin) window.location.replace(`${origin}${signInHref}`);
  }, [branding.isError, host, signInHref]);

  if (branding.isPending) return <PageSpinner />;
  return (
    <AuthLayout branding={branding.data}>
      <ErrorBoundary resetKey={location.pathname}>
        <Outlet />
      </ErrorBoundary>
    </AuthLayout>
  );
}

/**
 * /sign-in: the branded sign-in options. Signed-in users go on to the feed (or `next`); the
 * `app` host sends people to assisted login unless `no_assisted_login` is set; a `subdomain`
 * parameter moves the browser to that company; `code` 311 (SAML sign-out done) shows a
 * success toast, 312 and 313 an error toast.
 */
export function SignInRoute(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const location = useLocation();
  const [params] = useSearchParams();
  const { host } = useChorusSettings();
  const signedIn = useIsSignedIn();
  const branding = useBrandedSettings();
  const signInHref = useHref('/sign-in');
  const subdomain = params.get('subdomain');

  useEffect(() => {
    const session = useSessionStore.getState();
    if (session.endedBy !== 'expired') return;
    session.acknowledgeEnd();
    notify.error(t('code.401', { ns: 'errors' }));
  }, [notify, t]);

  const ssoCode = params.get('code');
  useEffect(() => {
    if (ssoCode === String(SsoRedirectCode.SAML_LOGOUT_SUCCESS)) notify.success(t('ssoSignIn.logoutSuccess'));
    else if (ssoCode === String(SsoRedirectCode.SAML_LOGOUT_ERROR) || ssoCode === String(SsoRedirectCode.SAML_LOGOUT_ERROR_2)) notify.error(t('ssoSignIn.logoutError'));
  }, [ssoCode, notify, t]);

  // Deactivation (316) or a deletion request (317) through SSO, or its failed notification
  // (854): the account's sessions are over, so the local one ends too.
  const removalCode = ssoCode === String(SsoRedirectCode.DEACTIVATED) || ssoCode === String(SsoRedirectCode.DELETED) || ssoCode === String(ErrorCode.GDPR_NOTIFICATION_FAILED);
  const { mutate: endSession } = useSignOut(() => undefined);
  useEffect(() => {
    if (!removalCode) return;
    if (useSessionStore.getState().userId !== null) endSession();
    if (ssoCode === String(ErrorCode.GDPR_NOTIFICATION_FAILED)) notify.error(t('code.854', { ns: 'errors' }));
    else if (ssoCode === String(SsoRedirectCode.DEACTIVATED)) notify.success(t('success.accountDeactivated', { ns: 'errors' }), { timeout: REMOVAL_SUCCESS_TOAST_MS });
    else notify.success(t('success.deletionRequested', { ns: 'errors' }), { timeout: REMOVAL_SUCCESS_TOAST_MS });
  }, [removalCode, ssoCode, endSession, notify, t]);

  const socialError = params.get('social_error');

  useEffect(() => {
    if (!subdomain || host !== 'web' || subdomain.toLowerCase() === subdomainOf(window.location.hostname)) return;
    const origin = originForSubdomain(window.location, subdomain);
    if (!origin) return;
    const rest = new URLSearchParams(params);
    rest.delete('subdomain');
    const query = rest.toString();
    window.location.assign(`${origin}${signInHref}${query ? `?${query}` : ''}`);
  }, [subdomain, host, params, signInHref]);

  if (signedIn && !removalCode) return <Navigate to={afterSignInTarget(location.search)} replace />;
  if (subdomainOf(window.location.hostname) === ASSISTED_LOGIN_SUBDOMAIN && !params.has('no_assisted_login')) {
    return <Navigate to={{ pathname: '/assist-login', search: location.search }} replace />;
  }
  return (
    <>
      {socialError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('signIn.socialProblem')}</MessageBarTitle>
            {t(socialError === 'denied' ? 'signIn.socialDenied' : 'signIn.socialFailed')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <SignInOptions
        branding={branding.data}
        emailTo={{ pathname: '/sign-in/email', search: location.search }}
        offerEmail={subdomainOf(window.location.hostname) === ASSISTED_LOGIN_SUBDOMAIN}
      />
      {branding.data?.self_sign_up_enabled ? <RouterLink to="/self-sign-up">{t('signIn.signUp')}</RouterLink> : null}
    </>
  );
}

/**
 * /sign-in/email: the email form. After sign-in the browser moves to the user's company when
 * the server says this host is not one of theirs (no session is started here), follows an
 * allowed SSO url, goes to the admin view hand-over with `from_admin_view`, or goes to `next`
 * (else the feed). An `email` parameter prefills the form.
 */
export function EmailSignInRoute(): JSX.Element {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const startSession = useStartSession();
  const branding = useBrandedSettings();
  const { t } = useTranslation();
  const notify = useNotify();
  const { host } = useChorusSettings();
  const emailSignInHref = useHref('/sign-in/email');

  const handleSignedIn = (result: SignInResult, email: string): void => {
    if (isSignInRedirect(result)) {
      const origin = host === 'web' ? originForSubdomain(window.location, result.redirect_subdomain) : null;
      // Only the browser app can change host; elsewhere the user is simply not a member here.
      if (origin) window.location.assign(companySignInUrl(`${origin}${emailSignInHref}`, location.search, email));
      else notify.error(t('code.302', { ns: 'errors' }));
      return;
    }
    if (isSignInSso(result)) {
      if (isAllowedRedirectUrl(result.sso_url, window.location, [branding.data?.sso_settings.saml_url])) {
        // The SAML round trip keeps where the user was going.
        const target = new URL(result.sso_url, window.location.href);
        const next = params.get('next');
        if (next) target.searchParams.set('next', next);
        window.location.assign(target.href);
      } else notify.error(t('message.ssoRedirectFailed', { ns: 'errors' }));
      return;
    }
    startSession(result.user);
    void navigate(afterSignInTarget(location.search), { replace: true });
  };

  const handleCancel = (): void => {
    void navigate({ pathname: '/sign-in', search: location.search });
  };

  if (signedIn) return <Navigate to={afterSignInTarget(location.search)} replace />;
  const moved = params.get(MOVED_PARAM) === '1' && branding.data !== undefined;
  return (
    <>
      {moved ? (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>{t('emailSignIn.movedTitle', { company: branding.data?.title })}</MessageBarTitle>
            {t('emailSignIn.movedBody', { company: branding.data?.title })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <EmailSignInForm
        forgotTo={{ pathname: '/sign-in/email/forgot', search: location.search }}
        initialEmail={params.get('email') ?? undefined}
        onSignedIn={handleSignedIn}
        onCancel={handleCancel}
      />
      <RouterLink to={{ pathname: '/sign-in/email/link', search: location.search }}>{t('emailSignIn.magicLink')}</RouterLink>
    </>
  );
}

/** /error: 'Error Signing-In'; `reason=invalid_link` (a refused SSO exchange) says 'Invalid link'. */
export function SignInErrorRoute(): JSX.Element {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const body = params.get('reason') === 'invalid_link' ? t('ssoSignIn.invalidLink') : undefined;
  return <SignInErrorView backTo="/sign-in" body={body} />;
}

/** Where every way in of the embedded sign-in comes back to. */
const SIGN_IN_EMBED_PATH = '/sign-in-embed';

/**
 * /sign-in-embed: sign-in inside an embedding (a browser extension's popup or frame). It shows
 * the company's branded sign-in options, each coming back here through `next`; once signed in,
 * it hands the session to its opener or parent with the sign-in-finished message (this origin
 * only, as the SSO landing page does) and says the window can be closed.
 */
export function SignInEmbedRoute(): JSX.Element {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useIsSignedIn();
  const userId = useSessionStore((state) => state.userId);
  const branding = useBrandedSettings();

  useEffect(() => {
    if (!signedIn || userId === null) return;
    const token = api().tokens.get();
    if (token !== null) finishSsoSignIn(window, true, { token, userId });
  }, [signedIn, userId]);

  if (signedIn) return <Text as="p">{t('ssoSignIn.finished')}</Text>;
  const params = new URLSearchParams(location.search);
  params.set('next', SIGN_IN_EMBED_PATH);
  return <SignInOptions branding={branding.data} emailTo={{ pathname: '/sign-in/email', search: `?${params.toString()}` }} />;
}
