import type { JSX } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { MagicLinkResponse } from '@chorus/core';
import { useStartSession } from '../../lib/auth.tsx';
import { AssistedLoginForm } from '../../features/auth/components/assisted-login-form.tsx';
import { CheckEmailView } from '../../features/auth/components/check-email-view.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { MagicLinkRequestForm } from '../../features/auth/components/magic-link-request-form.tsx';
import { MagicLinkScreen } from '../../features/auth/components/magic-link-screen.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

/** The spec's `type` of a /sign-up/email link that signs in (a magic link). */
const MAGIC_LINK_TYPE = '1';

function useEmailSignInTo() {
  const location = useLocation();
  return { pathname: '/sign-in/email', search: location.search };
}

/** /sign-in/email/forgot: mails a recovery link, then back to the email sign-in. */
export function ForgotPasswordRoute(): JSX.Element {
  const navigate = useNavigate();
  const emailSignIn = useEmailSignInTo();
  return <ForgotPasswordForm backTo={emailSignIn} onSent={() => void navigate(emailSignIn)} />;
}

/** /sign-in/email/reset?recover_code: sets a new password, then back to the email sign-in. */
export function ResetPasswordRoute(): JSX.Element {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('recover_code') ?? '';
  return <ResetPasswordForm code={code} backTo="/sign-in/email" onReset={() => void navigate('/sign-in/email', { replace: true })} />;
}

/** /sign-in/email/link: asks for a magic sign-in link by mail. */
export function MagicLinkRequestRoute(): JSX.Element {
  return <MagicLinkRequestForm backTo={useEmailSignInTo()} />;
}

/** /sign-up/email?code&type=1: signs in with a magic link and opens the feed. */
export function MagicLinkRoute(): JSX.Element {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';

  const handleSignedIn = (result: MagicLinkResponse): void => {
    startSession(result.user);
    void navigate('/', { replace: true });
  };

  if (params.get('type') !== MAGIC_LINK_TYPE) return <Navigate to="/sign-in" replace />;
  return <MagicLinkScreen code={code} requestTo="/sign-in/email/link" backTo="/sign-in/email" onSignedIn={handleSignedIn} />;
}

/** assist-login ("Let's Find Your Team"): mails the person's team links, then check-email. */
export function AssistedLoginRoute(): JSX.Element {
  const navigate = useNavigate();
  return (
    <AssistedLoginForm
      signInTo="/sign-in?no_assisted_login=1"
      onSent={(email) => void navigate('/check-email', { state: { email } })}
    />
  );
}

function emailOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  return typeof state.email === 'string' ? state.email : null;
}

/** check-email: 'Check Your Email', naming the address passed as router state. */
export function CheckEmailRoute(): JSX.Element {
  const location = useLocation();
  return <CheckEmailView email={emailOf(location.state)} backTo="/sign-in?no_assisted_login=1" />;
}
