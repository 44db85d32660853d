import { useEffect } from 'react';
import type { JSX } from 'react';
import { Navigate, Outlet, useHref, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignInResponse } from '@chorus/core';
import { api } from '../../lib/api.ts';
import { useIsSignedIn, useStartSession } from '../../lib/auth.tsx';
import { useChorusSettings } from '../../lib/chorus-context.ts';
import { ASSISTED_LOGIN_SUBDOMAIN, originForSubdomain, subdomainOf } from '../../lib/hosts.ts';
import { useNotify } from '../../lib/notify.tsx';
import { afterSignInPath } from '../../lib/redirects.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useBrandedSettings } from '../../features/auth/api/get-branded-settings.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { EmailSignInForm } from '../../features/auth/components/email-sign-in-form.tsx';
import { PlaceholderScreen } from '../../features/auth/components/placeholder-screen.tsx';
import { SignInErrorView } from '../../features/auth/components/sign-in-error-view.tsx';
import { SignInOptions } from '../../features/auth/components/sign-in-options.tsx';

function useFavicon(href: string | null | undefined): void {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }, [href]);
}

/**
 * The auth area: loads the branded settings (title, favicon, background, logo) around every
 * auth screen. When they fail on a company subdomain, the browser moves to the `app` host.
 */
export function AuthAreaRoute(): JSX.Element {
  const branding = useBrandedSettings();
  const { host } = useChorusSettings();
  const location = useLocation();
  const signInHref = useHref('/sign-in');
  useFavicon(branding.data?.signin_favicon);
  useDocumentTitle(branding.data?.title);

  useEffect(() => {
    if (!branding.isError || host !== 'web' || subdomainOf(window.location.hostname) === ASSISTED_LOGIN_SUBDOMAIN) return;
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
 * parameter moves the browser to that company.
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

  useEffect(() => {
    if (!subdomain || host !== 'web' || subdomain.toLowerCase() === subdomainOf(window.location.hostname)) return;
    const origin = originForSubdomain(window.location, subdomain);
    if (!origin) return;
    const rest = new URLSearchParams(params);
    rest.delete('subdomain');
    const query = rest.toString();
    window.location.assign(`${origin}${signInHref}${query ? `?${query}` : ''}`);
  }, [subdomain, host, params, signInHref]);

  if (signedIn) return <Navigate to={afterSignInPath(location.search)} replace />;
  if (subdomainOf(window.location.hostname) === ASSISTED_LOGIN_SUBDOMAIN && !params.has('no_assisted_login')) {
    return <Navigate to={{ pathname: '/assist-login', search: location.search }} replace />;
  }
  return <SignInOptions branding={branding.data} emailTo={{ pathname: '/sign-in/email', search: location.search }} />;
}

/**
 * /sign-in/email: the email form. After sign-in the browser follows an SSO url, moves to the
 * user's company when this host is not one of theirs, or goes to `next` (else the feed).
 */
export function EmailSignInRoute(): JSX.Element {
  const location = useLocation();
  const navigate = useNavigate();
  const { host } = useChorusSettings();
  const signedIn = useIsSignedIn();
  const startSession = useStartSession();
  const signInHref = useHref('/sign-in');

  const handleSignedIn = (result: SignInResponse): void => {
    if (result.sso_url) {
      window.location.assign(result.sso_url);
      return;
    }
    const current = subdomainOf(window.location.hostname);
    const home = result.user.companies[0];
    if (host === 'web' && current !== null && home && !result.user.companies.some((company) => company.subdomain === current)) {
      const origin = originForSubdomain(window.location, home.subdomain);
      if (origin) {
        api().tokens.clear();
        window.location.assign(`${origin}${signInHref}`);
        return;
      }
    }
    startSession(result.user);
    void navigate(afterSignInPath(location.search), { replace: true });
  };

  const handleCancel = (): void => {
    void navigate({ pathname: '/sign-in', search: location.search });
  };

  if (signedIn) return <Navigate to={afterSignInPath(location.search)} replace />;
  return (
    <EmailSignInForm
      forgotTo={{ pathname: '/sign-in/email/forgot', search: location.search }}
      onSignedIn={handleSignedIn}
      onCancel={handleCancel}
    />
  );
}

/** /sign-in/email/forgot: not built yet; says so and leads back. */
export function ForgotPasswordRoute(): JSX.Element {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <PlaceholderScreen
      title={t('forgotPassword.heading')}
      body={t('forgotPassword.placeholder')}
      backTo={{ pathname: '/sign-in/email', search: location.search }}
    />
  );
}

/** assist-login ("Let's Find Your Team"): not built yet; says so and offers the sign-in screen. */
export function AssistedLoginRoute(): JSX.Element {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('assistedLogin.heading')} body={t('assistedLogin.placeholder')} backTo="/sign-in?no_assisted_login=1" />;
}

/** /error: 'Error Signing-In'. */
export function SignInErrorRoute(): JSX.Element {
  return <SignInErrorView backTo="/sign-in" />;
}
