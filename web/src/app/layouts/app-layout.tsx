import type { JSX } from 'react';
import {
  Avatar,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGOUT_ERROR_TOAST_MS } from '@chorus/core';
import { useConfigInfo, useCurrentUser, useSignOut } from '../../lib/auth.tsx';
import { useNotify } from '../../lib/notify.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { RouterLink } from '../../components/router-link.tsx';

const useStyles = makeStyles({
  skip: {
    position: 'absolute',
    left: tokens.spacingHorizontalS,
    top: '-100px',
    zIndex: 10,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus': { top: tokens.spacingVerticalS },
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 5,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    minHeight: '56px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  logo: { height: '32px', maxWidth: '120px', objectFit: 'contain' },
  company: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  nav: { flexGrow: 1 },
  navList: { display: 'flex', gap: tokens.spacingHorizontalL, margin: 0, padding: 0, listStyleType: 'none' },
  main: {
    maxWidth: '1280px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    ':focus': { outlineStyle: 'none' },
  },
});

function UserMenu(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useCurrentUser();
  const signOut = useSignOut(() => notify.error(t('message.unknownLogout', { ns: 'errors' }), { timeout: LOGOUT_ERROR_TOAST_MS }));
  const name = user?.full_name ?? '';
  const handleSignOut = (): void => {
    if (!signOut.isPending) signOut.mutate();
  };
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance="subtle"
          icon={<Avatar name={name} image={user?.picture_images.avatar ? { src: user.picture_images.avatar } : undefined} size={28} />}
          aria-label={t('nav.userMenu', { name })}
        >
          {name}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<SignOutRegular />} onClick={handleSignOut}>
            {t('nav.signOut')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

function TopBar(): JSX.Element {
  const styles = useStyles();
  const { t } = useTranslation();
  const config = useConfigInfo();
  const user = useCurrentUser();
  const company = config?.company_name ?? '';
  const logo = user?.companies.find((entry) => entry.company_id === config?.company_id)?.logo_images.original;
  return (
    <header className={styles.header}>
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
        </ul>
      </nav>
      <UserMenu />
    </header>
  );
}

/** The signed-in frame: skip link, top bar with navigation and user menu, and the page. */
export function AppLayout(): JSX.Element {
  const styles = useStyles();
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
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </>
  );
}
