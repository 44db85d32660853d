import type { JSX } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { EmailVerificationResponse } from '@chorus/core';
import { useStartSession } from '../../lib/auth.tsx';
import { VerificationSentView } from '../../features/auth/components/verification-sent-view.tsx';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form.tsx';
import { VerifyEmailScreen } from '../../features/auth/components/verify-email-screen.tsx';

/**
 * /verify-email: with `usa_id` (after a first social sign-in) asks for the work e-mail; with
 * `code` (the mailed link) links the social account, signs in and opens the feed.
 */
export function VerifyEmailRoute(): JSX.Element {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const code = params.get('code');
  const usaId = Number(params.get('usa_id'));

  const handleSignedIn = (result: EmailVerificationResponse): void => {
    startSession(result.user);
    void navigate('/', { replace: true });
  };

  if (code) return <VerifyEmailScreen code={code} backTo="/sign-in" onSignedIn={handleSignedIn} />;
  if (!Number.isInteger(usaId) || usaId <= 0) return <Navigate to="/sign-in" replace />;
  return (
    <VerifyEmailForm
      usaId={usaId}
      isElement={params.get('is_element') === '1'}
      backTo="/sign-in"
      onSent={() => void navigate('/verify-email/sent')}
    />
  );
}

/** /verify-email/sent: 'Verification Email Sent'. */
export function VerifyEmailSentRoute(): JSX.Element {
  return <VerificationSentView backTo="/sign-in" />;
}
