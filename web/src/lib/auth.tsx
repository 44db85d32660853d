import { useEffect } from 'react';
import type { JSX, ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signInWithPassword, type ConfigInfoResponse, type SignInRequest, type UserResponse } from '@chorus/core';
import { api } from './api.ts';
import { useChorusSettings } from './chorus-context.ts';
import { clearCookies, writeLanguageCookie } from './cookies.ts';
import { useRevealed } from './use-revealed.ts';
import { isSessionLost } from './query-client.ts';
import { isAllowedRedirectUrl } from './hosts.ts';
import { SIGN_IN_PATH, safeNextPath, signInRedirectPath } from './redirects.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { queryKeys } from './query-keys.ts';

/** Query keys kept across sessions: public data of the company, not of a user. */
export const PUBLIC_QUERY_ROOTS: readonly string[] = queryKeys.brandedSettings();

/** Query options of a user's profile and settings (`GET /api/v1/user/{id}`). */
export function userQueryOptions(userId: number) {
  return queryOptions({ queryKey: queryKeys.user.one(userId), queryFn: () => api().user(userId) });
}

/** Query options of the company configuration (`GET /api/v1/config/info`). */
export function configInfoQueryOptions() {
  return queryOptions({ queryKey: queryKeys.configInfo(), queryFn: () => api().configInfo() });
}

/** The signed-in user, once loaded. */
export function useCurrentUser(): UserResponse | undefined {
  const userId = useSessionStore((state) => state.userId);
  return useQuery({ ...userQueryOptions(userId ?? 0), enabled: userId !== null }).data;
}

/** The company configuration, once loaded. */
export function useConfigInfo(): ConfigInfoResponse | undefined {
  const userId = useSessionStore((state) => state.userId);
  return useQuery({ ...configInfoQueryOptions(), enabled: userId !== null }).data;
}

/** True when a session token and a user id are both present. */
export function useIsSignedIn(): boolean {
  const userId = useSessionStore((state) => state.userId);
  return userId !== null && api().tokens.get() !== null;
}

function forgetPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.includes(String(query.queryKey[0])) });
}

/**
 * Starts a session from a token and user id obtained elsewhere (the Teams tab's SSO exchange).
 * The user's profile is fetched by the protected routes.
 */
export function beginSession(token: string, userId: number): void {
  api().tokens.set(token);
  useSessionStore.getState().start(userId);
}

/** Ends the session because the server no longer accepts it (any 401). */
export function loseSession(): void {
  api().tokens.clear();
  if (useSessionStore.getState().userId !== null) useSessionStore.getState().end('expired');
}

/**
 * `POST /api/v1/auth/sign-in`; the client keeps the returned token (the server revokes the
 * one it replaces). The answer may instead name the user's own company to sign in at.
 */
export function useSignIn() {
  return useMutation({ mutationFn: (credentials: SignInRequest) => signInWithPassword(api(), credentials) });
}

/** Makes a signed-in user the current one, replacing anything cached for a previous user. */
export function useStartSession(): (user: UserResponse) => void {
  const queryClient = useQueryClient();
  return (user) => {
    forgetPrivateQueries(queryClient);
    queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
    useSessionStore.getState().start(user.id);
  };
}

function isFollowableUrl(url: string): boolean {
  return url.startsWith('/') ? safeNextPath(url) !== null : isAllowedRedirectUrl(url, window.location);
}

/**
 * `GET /api/v1/auth/sign-out`, then clears cookies (but the new-features one), the session
 * store and cached user data; the protected routes then show sign-in. A url the identity
 * provider returns is visited instead. `onFailed` hears of a failed call (the local session
 * ends anyway).
 */
export function useSignOut(onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api().signOut(),
    onSuccess: (result) => {
      if (result.url && isFollowableUrl(result.url)) window.location.assign(result.url);
    },
    onError: onFailed,
    onSettled: () => {
      clearCookies(document);
      useSessionStore.getState().end('signed-out');
      forgetPrivateQueries(queryClient);
    },
  });
}

function SessionGate(props: { userId: number; children: ReactNode }): JSX.Element {
  const { t, i18n } = useTranslation();
  const settings = useChorusSettings();
  const user = useQuery(userQueryOptions(props.userId));
  const config = useQuery(configInfoQueryOptions());
  const userLanguage = user.data?.language;

  useEffect(() => {
    if (settings.language !== undefined || userLanguage === undefined) return;
    writeLanguageCookie(document, userLanguage);
    if (i18n.language !== userLanguage) void i18n.changeLanguage(userLanguage);
  }, [settings.language, userLanguage, i18n]);

  // The signed-in frame is built in slices once both have answered (lib/use-revealed.ts).
  const revealed = useRevealed(user.data !== undefined && config.data !== undefined);
  const error = user.error ?? config.error;
  if (error) {
    if (isSessionLost(error)) return <PageSpinner />;
    const handleRetry = (): void => {
      void user.refetch();
      void config.refetch();
    };
    return <ErrorFallback message={t('session.loadFailed')} onRetry={handleRetry} />;
  }
  if (!revealed) return <PageSpinner />;
  return <>{props.children}</>;
}

/** The session's user id while this browser also holds its token, else null. */
function withToken(userId: number | null): number | null {
  return userId !== null && api().tokens.get() !== null ? userId : null;
}

/** The signed-in user's id while this browser holds a session (their id and a token), else null. */
export function useSignedInUserId(): number | null {
  return withToken(useSessionStore((state) => state.userId));
}

/** The signed-in user's id now, outside React (before the first render: main.tsx). */
export function signedInUserId(): number | null {
  return withToken(useSessionStore.getState().userId);
}

/**
 * Guards the signed-in routes: without a session it sends the visitor to sign-in with `next`
 * (plain sign-in after a sign-out), and it renders nothing until the user and the company
 * configuration have loaded, as the spec requires.
 */
export function ProtectedRoute(props: { children: ReactNode }): JSX.Element {
  const location = useLocation();
  const userId = useSignedInUserId();
  const endedBy = useSessionStore((state) => state.endedBy);
  if (userId === null) {
    const target = endedBy === 'signed-out' ? SIGN_IN_PATH : signInRedirectPath(location.pathname, location.search);
    return <Navigate to={target} replace />;
  }
  return <SessionGate userId={userId}>{props.children}</SessionGate>;
}
