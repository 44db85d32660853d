import type { JSX } from 'react';
import { Suspense, lazy } from 'react';
import { Text } from '@fluentui/react-components';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfigInfo, useCurrentUser } from '../../lib/auth.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { RouterLink } from '../../components/router-link.tsx';
import { TopicsDropdown } from '../../features/topics/index.tsx';
import { PostTracking } from '../../features/tracking/components/post-tracking.tsx';
import styles from './app-layout.module.css';

// The menu (with its popover positioning and avatar) is not needed to paint the feed, nor are
// the company switcher (only for people in several companies) and the time-zone warning
// (which checks the zones itself): each loads after the first paint.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
const CompanySwitcher = lazy(() => import('../../features/top-bar/components/company-switcher.tsx').then((m) => ({ default: m.CompanySwitcher })));
const TimezoneWarning = lazy(() => import('../../features/top-bar/components/timezone-warning.tsx').then((m) => ({ default: m.TimezoneWarning })));
const SuggestButton = lazy(() => import('../../features/suggest/index.ts').then((m) => ({ default: m.SuggestButton })));

function TopBar(): JSX.Element {
  const { t } = useTranslation();
  const config = useConfigInfo();
  const user = useCurrentUser();
  const company = config?.company_name ?? '';
  const logo = user?.companies.find((entry) => entry.company_id === config?.company_id)?.logo_images.original;
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.brand}>
          {logo ? <img className={styles.logo} src={logo} alt={t('nav.companyLogo', { company })} /> : null}
          <Text weight="semibold" size={400} className={styles.company}>
            {company}
          </Text>
        </div>
        <nav aria-label={t('nav.primary')} className={styles.nav}>
          <ul className={styles.navList}>
            <li>
              <RouterLink to="/">{t('nav.home')}</RouterLink>
            </li>
            <li>
              <RouterLink to="/topic/latest">{t('nav.explore')}</RouterLink>
            </li>
            <li>
              <TopicsDropdown />
            </li>
          </ul>
        </nav>
        {user && config && user.companies.length > 1 ? (
          <Suspense fallback={null}>
            <CompanySwitcher companies={user.companies} currentCompanyId={config.company_id} currentName={company} />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <SuggestButton />
        </Suspense>
        <Suspense fallback={<Text>{user?.full_name ?? ''}</Text>}>
          <UserMenu />
        </Suspense>
      </div>
      {user ? (
        <Suspense fallback={null}>
          <TimezoneWarning savedZone={user.timezone} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * The signed-in frame: skip link, top bar (navigation, company switcher, user menu and the
 * time-zone mismatch warning), and the page.
 */
export function AppLayout(): JSX.Element {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <>
      <a href="#chorus-main" className={styles.skip}>
        {t('nav.skipToContent')}
      </a>
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
