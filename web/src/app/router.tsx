import { Suspense, lazy } from 'react';
import type { JSX } from 'react';
import { Navigate, Outlet, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProtectedRoute } from '../lib/auth.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { adminLandingPath } from '../lib/redirects.ts';
import { RouterLink } from '../components/router-link.tsx';
import { AppLayout, LayoutPrefetch } from './layouts/app-layout.tsx';
import { FeedPrefetch, FeedRoute, POST_DIALOG_PATH, PostDialogHold, libraryRoutes } from './routes/feed.tsx';
import { TOPIC_PATH } from '../features/posts/api/get-posts.ts';
import { PostActionsProvider } from './routes/post-actions-provider.tsx';
import { BrandGate } from './brand-theme-provider.tsx';
import { ConfirmedOnly } from './routes/confirmed-only.tsx';

// Everything but the signed-in frame and the feed loads on demand, keeping the feed's first
// render small. The auth screens share one chunk.
const authRoutes = () => import('./routes/auth-routes.tsx');
const AuthAreaRoute = lazy(() => authRoutes().then((m) => ({ default: m.AuthAreaRoute })));
const SignInRoute = lazy(() => authRoutes().then((m) => ({ default: m.SignInRoute })));
const EmailSignInRoute = lazy(() => authRoutes().then((m) => ({ default: m.EmailSignInRoute })));
const SignInEmbedRoute = lazy(() => authRoutes().then((m) => ({ default: m.SignInEmbedRoute })));
const SignInErrorRoute = lazy(() => authRoutes().then((m) => ({ default: m.SignInErrorRoute })));
const ssoRoutes = () => import('./routes/sso-routes.tsx');
const SsoSignInRoute = lazy(() => ssoRoutes().then((m) => ({ default: m.SsoSignInRoute })));
const SsoDomainNotFoundRoute = lazy(() => ssoRoutes().then((m) => ({ default: m.SsoDomainNotFoundRoute })));
const recoveryRoutes = () => import('./routes/recovery-routes.tsx');
const ForgotPasswordRoute = lazy(() => recoveryRoutes().then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => recoveryRoutes().then((m) => ({ default: m.ResetPasswordRoute })));
const MagicLinkRequestRoute = lazy(() => recoveryRoutes().then((m) => ({ default: m.MagicLinkRequestRoute })));
const MagicLinkRoute = lazy(() => recoveryRoutes().then((m) => ({ default: m.MagicLinkRoute })));
const AssistedLoginRoute = lazy(() => recoveryRoutes().then((m) => ({ default: m.AssistedLoginRoute })));
const CheckEmailRoute = lazy(() => recoveryRoutes().then((m) => ({ default: m.CheckEmailRoute })));
const verifyEmailRoutes = () => import('./routes/verify-email-routes.tsx');
const VerifyEmailRoute = lazy(() => verifyEmailRoutes().then((m) => ({ default: m.VerifyEmailRoute })));
const VerifyEmailSentRoute = lazy(() => verifyEmailRoutes().then((m) => ({ default: m.VerifyEmailSentRoute })));
const signUpRoutes = () => import('./routes/sign-up-routes.tsx');
const SignUpRoute = lazy(() => signUpRoutes().then((m) => ({ default: m.SignUpRoute })));
const SelfSignUpRoute = lazy(() => signUpRoutes().then((m) => ({ default: m.SelfSignUpRoute })));
const ConfirmEmailRoute = lazy(() => signUpRoutes().then((m) => ({ default: m.ConfirmEmailRoute })));
const SignUpJoinRoute = lazy(() => signUpRoutes().then((m) => ({ default: m.SignUpJoinRoute })));
const PostShareRoute = lazy(() => import('./routes/post-share.tsx').then((m) => ({ default: m.PostShareRoute })));
const PostDialogRoute = lazy(() => import('./routes/post-dialog.tsx').then((m) => ({ default: m.PostDialogRoute })));
const AtomRoute = lazy(() => import('./routes/atom.tsx').then((m) => ({ default: m.AtomRoute })));
const LegalRoute = lazy(() => import('./routes/legal.tsx').then((m) => ({ default: m.LegalRoute })));
const AdminLandingRoute = lazy(() => import('./routes/admin-landing.tsx').then((m) => ({ default: m.AdminLandingRoute })));
const AdminPostsRoute = lazy(() => import('./routes/admin-posts.tsx').then((m) => ({ default: m.AdminPostsRoute })));
const AdminPostEditorRoute = lazy(() => import('./routes/admin-posts.tsx').then((m) => ({ default: m.AdminPostEditorRoute })));
const AdminComplianceRoute = lazy(() => import('./routes/admin-compliance.tsx').then((m) => ({ default: m.AdminComplianceRoute })));
const AdminSuggestionsRoute = lazy(() => import('./routes/admin-suggestions.tsx').then((m) => ({ default: m.AdminSuggestionsRoute })));
const AdminCompanyRoute = lazy(() => import('./routes/admin-company.tsx').then((m) => ({ default: m.AdminCompanyRoute })));
const AdminAuditRoute = lazy(() => import('./routes/admin-audit.tsx').then((m) => ({ default: m.AdminAuditRoute })));
const AdminRedirectRoute = lazy(() => import('./routes/admin-redirect.tsx').then((m) => ({ default: m.AdminRedirectRoute })));
const TopicRoute = lazy(() => libraryRoutes().then((m) => ({ default: m.TopicRoute })));
// Search stays out of the library chunk: its search box's code is not a topic page's (library-routes.tsx).
const SearchRoute = lazy(() => import('./routes/search.tsx').then((m) => ({ default: m.SearchRoute })));
const BookmarksRoute = lazy(() => libraryRoutes().then((m) => ({ default: m.BookmarksRoute })));
const FeaturedRoute = lazy(() => libraryRoutes().then((m) => ({ default: m.FeaturedRoute })));
// Manage Topics carries dnd-kit, so it stays out of the library chunk.
const ManageTopicsRoute = lazy(() => import('./routes/manage-topics.tsx').then((m) => ({ default: m.ManageTopicsRoute })));
const mySharesRoutes = () => import('./routes/my-shares.tsx');
const MySharesRoute = lazy(() => mySharesRoutes().then((m) => ({ default: m.MySharesRoute })));
const QueuedPostRoute = lazy(() => mySharesRoutes().then((m) => ({ default: m.QueuedPostRoute })));
const PrivacyRoute = lazy(() => import('./routes/privacy.tsx').then((m) => ({ default: m.PrivacyRoute })));
const SettingsRoute = lazy(() => import('./routes/settings.tsx').then((m) => ({ default: m.SettingsRoute })));
const ConfirmUserDeletionRoute = lazy(() => import('./routes/confirm-user-deletion.tsx').then((m) => ({ default: m.ConfirmUserDeletionRoute })));
// teams-js comes with the Teams connector page only.
const MsTeamsRoute = lazy(() => import('./routes/ms-teams.tsx').then((m) => ({ default: m.MsTeamsRoute })));
const OnboardingRoute = lazy(() => import('./routes/onboarding.tsx').then((m) => ({ default: m.OnboardingRoute })));

function RouteError(props: { onRetry: () => void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <main>
      <ErrorFallback onRetry={props.onRetry} />
      <RouterLink to="/">{t('errorBoundary.home')}</RouterLink>
    </main>
  );
}

function RootRoute(): JSX.Element {
  const location = useLocation();
  // The admin view's hash routes (`/#/dashboard`, where the view switcher and /redirect lead)
  // open the admin landing page until the admin console exists.
  const adminLanding = location.pathname === '/' ? adminLandingPath(location.hash) : null;
  if (adminLanding !== null) return <Navigate to={adminLanding} replace />;
  return (
    <ErrorBoundary resetKey={location.pathname} fallback={(reset) => <RouteError onRetry={reset} />}>
      <OfflineBanner />
      <Suspense fallback={<PageSpinner />}>
        <BrandGate>
          <Outlet />
        </BrandGate>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The route table of the accounts and content-library specs built so far. */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      children: [
        {
          element: <AuthAreaRoute />,
          children: [
            { path: 'sign-in', element: <SignInRoute /> },
            { path: 'sign-in/email', element: <EmailSignInRoute /> },
            { path: 'sign-in-embed', element: <SignInEmbedRoute /> },
            { path: 'sign-in/sso', element: <SsoSignInRoute /> },
            { path: 'sign-in/sso/domain-not-found', element: <SsoDomainNotFoundRoute /> },
            { path: 'sign-in/email/forgot', element: <ForgotPasswordRoute /> },
            { path: 'sign-in/email/reset', element: <ResetPasswordRoute /> },
            { path: 'sign-in/email/link', element: <MagicLinkRequestRoute /> },
            { path: 'sign-up/email', element: <MagicLinkRoute /> },
            { path: 'assist-login', element: <AssistedLoginRoute /> },
            { path: 'check-email', element: <CheckEmailRoute /> },
            { path: 'verify-email', element: <VerifyEmailRoute /> },
            { path: 'verify-email/sent', element: <VerifyEmailSentRoute /> },
            { path: 'error', element: <SignInErrorRoute /> },
            { path: 'sign-up', element: <SignUpRoute /> },
            { path: 'self-sign-up', element: <SelfSignUpRoute /> },
            { path: 'sign-up/join', element: <SignUpJoinRoute /> },
            { path: 'confirm-email', element: <ConfirmEmailRoute /> },
            { path: 'ms-teams', element: <MsTeamsRoute /> },
          ],
        },
        {
          element: (
            <>
              <FeedPrefetch />
              <LayoutPrefetch />
              <PostDialogHold />
              <ProtectedRoute>
                <ConfirmedOnly>
                  <PostActionsProvider>
                    <AppLayout />
                  </PostActionsProvider>
                </ConfirmedOnly>
              </ProtectedRoute>
            </>
          ),
          children: [
            {
              path: '/',
              element: <FeedRoute />,
              children: [
                { path: POST_DIALOG_PATH, element: <PostDialogRoute /> },
                { path: 'atom', element: <AtomRoute /> },
              ],
            },
            { path: 'post-share/:network/:postId', element: <PostShareRoute /> },
            // Queueing's link flow (418) returns here with the caption; the person queues again from the modal.
            { path: 'post-defer/:network/:postId', element: <PostShareRoute /> },
            { path: TOPIC_PATH, element: <TopicRoute /> },
            { path: 'manage-topics', element: <ManageTopicsRoute /> },
            { path: 'search', element: <SearchRoute /> },
            { path: 'bookmarks', element: <BookmarksRoute /> },
            { path: 'featured', element: <FeaturedRoute /> },
            { path: 'my-shares', element: <MySharesRoute /> },
            { path: 'my-shares/:id', element: <QueuedPostRoute /> },
            { path: 'privacy', element: <PrivacyRoute /> },
            { path: 'settings', element: <SettingsRoute /> },
            { path: 'confirm-user-deletion', element: <ConfirmUserDeletionRoute /> },
            { path: 'redirect', element: <AdminRedirectRoute /> },
            { path: 'admin', element: <AdminLandingRoute /> },
            { path: 'admin/compliance', element: <AdminComplianceRoute /> },
            { path: 'admin/audit', element: <AdminAuditRoute /> },
            { path: 'admin/suggestions', element: <AdminSuggestionsRoute /> },
            { path: 'admin/company', element: <AdminCompanyRoute /> },
            { path: 'admin/posts', element: <AdminPostsRoute /> },
            { path: 'admin/posts/new', element: <AdminPostEditorRoute /> },
            { path: 'admin/posts/:id', element: <AdminPostEditorRoute /> },
          ],
        },
        {
          path: 'onboarding',
          element: (
            <ProtectedRoute>
              <ConfirmedOnly>
                <OnboardingRoute />
              </ConfirmedOnly>
            </ProtectedRoute>
          ),
        },
        // Public: the product's privacy policy and terms (/privacy is the signed-in Privacy screen).
        { path: 'legal/privacy', element: <LegalRoute document="privacy" /> },
        { path: 'legal/terms', element: <LegalRoute document="terms" /> },
        { path: '*', element: <Navigate to="/sign-in" replace /> },
      ],
    },
  ];
}

const routes = createRoutes();

/**
 * The app's routes. A declarative router (BrowserRouter and useRoutes) rather than a data
 * router: no route uses loaders or actions, and the data router would add some 17 KB gzip to
 * the feed's first render, past its 200 KB budget.
 */
export function AppRoutes(): JSX.Element | null {
  return useRoutes(routes);
}
