import type { JSX } from 'react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Text } from '@fluentui/react-components';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfigInfo, useCurrentUser } from '../../lib/auth.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { RouterLink } from '../../components/router-link.tsx';
import { WithFirstPaint } from '../../components/with-first-paint.tsx';
import { useAfterFirstPaint } from '../../lib/after-first-paint.tsx';
import { useTimezoneWarning } from '../../features/top-bar/hooks/use-timezone-warning.ts';
import { SMART_BANNER_KEY, isSmartBannerHidden, showsSmartBanner } from '../../features/top-bar/utils/smart-banner.ts';
import { useChorusSettings } from '../../lib/chorus-context.ts';
import { localStore } from '../../lib/safe-storage.ts';
import { isInstalledApp } from '../../lib/pwa.ts';
import { TopicsDropdown } from '../../features/topics/index.tsx';
import { PostTracking } from '../../features/tracking/components/post-tracking.tsx';
import { usePageAnalytics } from '../../features/tracking/hooks/use-page-analytics.ts';
import { NARROW_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import styles from './app-layout.module.css';

// The menu (with its popover positioning and avatar) is not needed to paint the feed, nor is
// the company switcher (only for people in several companies): each loads after the first
// paint. The two warnings' message bars load only when they show (see WithFirstPaint).
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
const CompanySwitcher = lazy(() => import('../../features/top-bar/components/company-switcher.tsx').then((m) => ({ default: m.CompanySwitcher })));
const TimezoneWarningBar = lazy(() => import('../../features/top-bar/components/timezone-warning-bar.tsx').then((m) => ({ default: m.TimezoneWarningBar })));
// The search field (Fluent's SearchBox) is not needed to paint the feed either.
const topBarSearch = () => import('../../features/top-bar/components/top-bar-search.tsx');
const TopBarSearch = lazy(() => topBarSearch().then((m) => ({ default: m.TopBarSearch })));
const SearchToggle = lazy(() => topBarSearch().then((m) => ({ default: m.SearchToggle })));
// The phone menu (a drawer with every action of the bar) loads after the first paint, like the user menu.
const MobileMenu = lazy(() => import('./mobile-menu-slot.tsx').then((m) => ({ default: m.MobileMenuSlot })));
const SuggestButton = lazy(() => import('../../features/suggest/index.ts').then((m) => ({ default: m.SuggestButton })));

// The phone-only smart app banner loads only where it shows.
const smartAppBanner = () => import('../../features/top-bar/components/smart-app-banner.tsx');
const SmartAppBanner = lazy(() => smartAppBanner().then((m) => ({ default: m.SmartAppBanner })));

/** Whether the smart app banner was closed within the last week (decided once per mount). */
function bannerClosedNow(): boolean {
  return isSmartBannerHidden(localStore.get(SMART_BANNER_KEY), Date.now());
}

/**
 * On a page load with a session, starts fetching the smart app banner's code during the first
 * render where it will show (a phone), beside the session's requests (routes/feed.tsx,
 * FeedPrefetch): the frame waits for it (WithFirstPaint), and asked from the frame's own render,
 * it came only after the session had answered, a round trip after the page's data. Rendered
 * outside the guard, beside FeedPrefetch.
 */
export function LayoutPrefetch(): null {
  const narrow = useMediaQuery(NARROW_QUERY);
  const { host } = useChorusSettings();
  useState(() => (showsSmartBanner({ narrow, host, hidden: bannerClosedNow(), installed: isInstalledApp() }) ? void smartAppBanner() : undefined));
  return null;
}

function TopBar(): JSX.Element {
  const { t } = useTranslation();
  const config = useConfigInfo();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const timezone = useTimezoneWarning(user?.timezone ?? null);
  // Menus, search and Suggest load once the page's first paint is done (lib/after-first-paint.tsx).
  const later = useAfterFirstPaint();
  // The bar renders only the controls of the current width, so a phone does not fetch the
  // desktop bar's menus and a desktop not the phone's drawer (the CSS classes still hide the
  // other set while it swaps).
  const narrow = useMediaQuery(NARROW_QUERY);
  const company = config?.company_name ?? '';
  const logo = user?.companies.find((entry) => entry.company_id === config?.company_id)?.logo_images.original;
  // The search page has its own field; the top bar's would only repeat it.
  const onSearchPage = pathname === '/search';
  useEffect(() => setSearchOpen(false), [pathname]);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.brand}>
          {logo ? <img className={styles.logo} src={logo} alt={t('nav.companyLogo', { company })} /> : null}
          <Text weight="semibold" size={400} className={styles.company}>
            {company}
          </Text>
        </div>
        {narrow ? null : (
          <nav aria-label={t('nav.primary')} className={`${styles.nav} ${styles.wide}`}>
            <ul className={styles.navList}>
              <li>
                <RouterLink to="/" className={styles.navLink}>
                  {t('nav.home')}
                </RouterLink>
              </li>
              <li>
                <RouterLink to="/topic/latest" className={styles.navLink}>
                  {t('nav.explore')}
                </RouterLink>
              </li>
              <li>{later ? <TopicsDropdown /> : null}</li>
            </ul>
          </nav>
        )}
        {onSearchPage || narrow || !later ? null : (
          <Suspense fallback={null}>
            <TopBarSearch className={`${styles.search} ${styles.wide}`} />
          </Suspense>
        )}
        {onSearchPage || !narrow || !later ? null : (
          <div className={styles.narrow}>
            <Suspense fallback={null}>
              <SearchToggle open={searchOpen} className={styles.iconButton} controls="top-bar-search-row" onToggle={() => setSearchOpen((value) => !value)} />
            </Suspense>
          </div>
        )}
        {user && config && user.companies.length > 1 && !narrow && later ? (
          <div className={styles.wide}>
            <Suspense fallback={null}>
              <CompanySwitcher companies={user.companies} currentCompanyId={config.company_id} currentName={company} labelClassName={styles.collapsibleLabel} />
            </Suspense>
          </div>
        ) : null}
        {narrow || !later ? null : (
          <div className={styles.wide}>
            <Suspense fallback={null}>
              <SuggestButton labelClassName={styles.collapsibleLabel} />
            </Suspense>
          </div>
        )}
        {narrow ? null : (
          <div className={styles.wide}>
            {later ? (
              <Suspense fallback={<Text>{user?.full_name ?? ''}</Text>}>
                <UserMenu />
              </Suspense>
            ) : (
              <Text>{user?.full_name ?? ''}</Text>
            )}
          </div>
        )}
        {user && config && narrow && later ? (
          <div className={styles.narrow}>
            <Suspense fallback={null}>
              <MobileMenu companies={user.companies} currentCompanyId={config.company_id} currentName={company} />
            </Suspense>
          </div>
        ) : null}
      </div>
      {searchOpen && !onSearchPage && narrow ? (
        <div id="top-bar-search-row" className={`${styles.searchRow} ${styles.narrowBlock}`}>
          <Suspense fallback={null}>
            <TopBarSearch autoFocus />
          </Suspense>
        </div>
      ) : null}
      <WithFirstPaint>
        {user && timezone.visible ? <TimezoneWarningBar systemZone={timezone.systemZone} savedZone={user.timezone} onIgnore={timezone.ignore} /> : null}
      </WithFirstPaint>
    </header>
  );
}

/**
 * The signed-in frame: skip link, the smart app banner on phones (in the page's flow, above the
 * sticky bar, so it scrolls away and never covers content), top bar (navigation, company switcher, user menu, the
 * time-zone mismatch warning), and the page. Unconfirmed members never reach it (ConfirmedOnly).
 * Each page of the signed-in app sends its analytics page event.
 */
export function AppLayout(): JSX.Element {
  const { t } = useTranslation();
  const location = useLocation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const { host } = useChorusSettings();
  // Decided here, before render, so a banner that shows holds the first frame rather than
  // pushing the page down when its code arrives.
  const [bannerHidden, setBannerHidden] = useState(bannerClosedNow);
  const bannerShows = showsSmartBanner({ narrow, host, hidden: bannerHidden, installed: isInstalledApp() });
  usePageAnalytics();
  return (
    <>
      <a href="#chorus-main" className={styles.skip}>
        {t('nav.skipToContent')}
      </a>
      <WithFirstPaint>{bannerShows ? <SmartAppBanner onLeave={() => setBannerHidden(true)} /> : null}</WithFirstPaint>
      <ErrorBoundary>
        <TopBar />
      </ErrorBoundary>
      <main id="chorus-main" tabIndex={-1} className={styles.main}>
        <PostTracking>
          <ErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </PostTracking>
      </main>
    </>
  );
}
