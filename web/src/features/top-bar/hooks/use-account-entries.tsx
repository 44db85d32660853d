import type { JSX } from 'react';
import { ArrowSwapRegular, BookmarkRegular, HistoryRegular, TagMultipleRegular, SettingsRegular, ShieldLockRegular, SignOutRegular, StarRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ADMIN_VIEW_PATH, LOGOUT_ERROR_TOAST_MS } from '@chorus/core';
import { useConfigInfo, useCurrentUser, useSignOut } from '../../../lib/auth.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { adminLandingPath } from '../../../lib/redirects.ts';
import { viewSwitchLabel } from '../../../lib/view-switch.ts';

/** One entry of the account menu (the top bar's user menu and the phone menu share them). */
export interface AccountEntry {
  /** Stable key of the entry. */
  id: 'view' | 'my-shares' | 'bookmarks' | 'featured' | 'manage-topics' | 'settings' | 'privacy' | 'sign-out';
  label: string;
  icon: JSX.Element;
  /**
   * The entry's address: an app path followed inside the app. The view switcher keeps the
   * spec's `/#/dashboard` as its address (`href`) and opens the admin landing page (`to`).
   */
  to?: string;
  href?: string;
  /** An action instead of a link (Sign Out). */
  onSelect?: () => void;
}

/**
 * The account menu of the content-library spec ('Sidebar user menu'), in its order: the view
 * switcher (non-USER roles, where the company allows the dashboard), My Shares (the timeline,
 * spec 1's /my-shares), Bookmarks (only if
 * notifications_enabled), Featured (only if featured_posts), Manage Topics, My Settings,
 * Privacy and Sign Out. A failed sign-out shows 'Unknown Logout Error' for 8 s; the local
 * session ends either way.
 */
export function useAccountEntries(): AccountEntry[] {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useCurrentUser();
  const config = useConfigInfo();
  const signOut = useSignOut(() => notify.error(t('message.unknownLogout', { ns: 'errors' }), { timeout: LOGOUT_ERROR_TOAST_MS }));
  const toggles = config?.feature_toggles;
  const entries: AccountEntry[] = [];
  const view = user ? viewSwitchLabel(user.role, config?.dashboard_enabled ?? false) : null;
  if (view !== null) {
    entries.push({ id: 'view', label: t(view), icon: <ArrowSwapRegular />, href: ADMIN_VIEW_PATH, to: adminLandingPath(ADMIN_VIEW_PATH.slice(1)) ?? '/admin' });
  }
  entries.push({ id: 'my-shares', label: t('nav.myShares'), icon: <HistoryRegular />, to: '/my-shares' });
  if (toggles?.notifications_enabled) entries.push({ id: 'bookmarks', label: t('nav.bookmarks'), icon: <BookmarkRegular />, to: '/bookmarks' });
  if (toggles?.featured_posts) entries.push({ id: 'featured', label: t('nav.featured'), icon: <StarRegular />, to: '/featured' });
  entries.push(
    { id: 'manage-topics', label: t('nav.manageTopics'), icon: <TagMultipleRegular />, to: '/manage-topics' },
    { id: 'settings', label: t('nav.settings'), icon: <SettingsRegular />, to: '/settings' },
    { id: 'privacy', label: t('nav.privacy'), icon: <ShieldLockRegular />, to: '/privacy' },
    {
      id: 'sign-out',
      label: t('nav.signOut'),
      icon: <SignOutRegular />,
      onSelect: () => {
        if (!signOut.isPending) signOut.mutate();
      },
    },
  );
  return entries;
}
