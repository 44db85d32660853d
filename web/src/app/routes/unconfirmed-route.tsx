import type { JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userQueryOptions, useSignOut } from '../../lib/auth.tsx';
import { useNotify } from '../../lib/notify.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useBrandedSettings } from '../../features/auth/api/get-branded-settings.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { UnconfirmedScreen } from '../../features/sign-up/components/unconfirmed-screen.tsx';

/**
 * The signed-in app of a member who has not confirmed their address yet: the branded
 * confirm-your-e-mail screen in place of every signed-in page (ConfirmedOnly). Signing out
 * ends the session, and the guard takes the browser to sign-in.
 */
export function UnconfirmedRoute(props: { userId: number; email: string }): JSX.Element {
  const branding = useBrandedSettings();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const signOut = useSignOut((error) => notify.failure(error));
  const user = userQueryOptions(props.userId);
  const checking = queryClient.isFetching({ queryKey: user.queryKey }) > 0;
  if (branding.isPending) return <PageSpinner />;
  return (
    <AuthLayout branding={branding.data}>
      <UnconfirmedScreen
        email={props.email}
        checking={checking}
        onCheckAgain={() => void queryClient.invalidateQueries({ queryKey: user.queryKey })}
        signingOut={signOut.isPending}
        onSignOut={() => signOut.mutate()}
      />
    </AuthLayout>
  );
}
