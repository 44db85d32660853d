import { useEffect, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import {
  Avatar,
  Button,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Text,
} from '@fluentui/react-components';
import { CompassNorthwestRegular, DismissRegular, HomeRegular, NavigationRegular } from '@fluentui/react-icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserCompany } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { useAccountEntries } from '../hooks/use-account-entries.tsx';
import { CompanySwitcher } from './company-switcher.tsx';
import styles from './mobile-menu.module.css';

/** A topic the member follows, as the menu links it. */
export interface MenuTopic {
  id: number;
  name: string;
}

interface MobileMenuProps {
  /** The user's companies and the host's, for the company switcher. */
  companies: readonly UserCompany[];
  currentCompanyId: number;
  currentName: string;
  /** The topics the member follows (the app layer reads them from the topics feature). */
  followedTopics: readonly MenuTopic[];
  /** The Suggest content action (the suggest feature's), given the menu item's class. */
  renderSuggest: (className: string) => ReactNode;
}

function FollowedTopics(props: { topics: readonly MenuTopic[] }): JSX.Element | null {
  const { t } = useTranslation(['library']);
  const followed = props.topics;
  if (followed.length === 0) return null;
  return (
    <section aria-labelledby="mobile-menu-topics" className={styles.section}>
      <Text as="h2" id="mobile-menu-topics" weight="semibold" size={300} className={styles.heading}>
        {t('library:topics.menuLabel')}
      </Text>
      <ul className={styles.list}>
        {followed.map((topic) => (
          <li key={topic.id}>
            <RouterButtonLink to={`/topic/${topic.id}`} appearance="subtle" className={styles.item}>
              {topic.name}
            </RouterButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The top bar's mobile menu (below the spec's 654 px breakpoint): a button opening a drawer
 * with every action of the wide bar (Home, Explore, the followed topics, Suggest content, the
 * company switcher) and of the user menu (view switcher, Bookmarks, Featured, Manage Topics,
 * My Settings, Privacy, Sign Out). Following a link closes it.
 */
export function MobileMenu(props: MobileMenuProps): JSX.Element {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The drawer (a Fluent dialog) mounts on first use: a mounted dialog, even closed, sets up
  // Fluent's focus trapping, whose hidden focusable sentinels on the body fail Lighthouse's
  // aria-hidden-focus audit on every page. Once mounted it stays, so it can animate closed.
  const [used, setUsed] = useState(false);
  const openMenu = (): void => {
    setUsed(true);
    setOpen(true);
  };
  const user = useCurrentUser();
  const entries = useAccountEntries();
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  const name = user?.full_name ?? '';
  const others = props.companies.filter((company) => company.company_id !== props.currentCompanyId);

  return (
    <>
      <Button appearance="subtle" icon={<NavigationRegular />} aria-label={t('nav.menu')} aria-expanded={open} aria-haspopup="dialog" onClick={openMenu} className={styles.trigger} />
      {used ? (
        <OverlayDrawer open={open} onOpenChange={(_, data) => setOpen(data.open)} position="end" size="small" aria-label={t('nav.menu')} className={styles.drawer}>
          <DrawerHeader>
            <DrawerHeaderTitle
              action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={t('nav.closeMenu')} onClick={() => setOpen(false)} />}
            >
              {t('nav.menu')}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody className={styles.body}>
            <nav aria-label={t('nav.primary')} className={styles.section}>
              <ul className={styles.list}>
                <li>
                  <RouterButtonLink to="/" appearance="subtle" icon={<HomeRegular />} className={styles.item}>
                    {t('nav.home')}
                  </RouterButtonLink>
                </li>
                <li>
                  <RouterButtonLink to="/topic/latest" appearance="subtle" icon={<CompassNorthwestRegular />} className={styles.item}>
                    {t('nav.explore')}
                  </RouterButtonLink>
                </li>
                <li>{props.renderSuggest(styles.item ?? '')}</li>
                {others.length > 0 ? (
                  <li>
                    <CompanySwitcher
                      companies={props.companies}
                      currentCompanyId={props.currentCompanyId}
                      currentName={props.currentName}
                      className={styles.item}
                    />
                  </li>
                ) : null}
              </ul>
            </nav>
            <FollowedTopics topics={props.followedTopics} />
            <Divider />
            <section aria-labelledby="mobile-menu-account" className={styles.section}>
              <div className={styles.account}>
                <Avatar name={name} image={user?.picture_images.avatar ? { src: user.picture_images.avatar } : undefined} size={32} />
                <Text as="h2" id="mobile-menu-account" weight="semibold" size={300} className={styles.heading}>
                  {t('nav.signedInAs', { name })}
                </Text>
              </div>
              <ul className={styles.list}>
                {entries.map((entry) => (
                  <li key={entry.id}>
                    {entry.to !== undefined ? (
                      <RouterButtonLink to={entry.to} appearance="subtle" icon={entry.icon} className={styles.item}>
                        {entry.label}
                      </RouterButtonLink>
                    ) : (
                      <Button appearance="subtle" icon={entry.icon} className={styles.item} onClick={entry.onSelect}>
                        {entry.label}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </DrawerBody>
        </OverlayDrawer>
      ) : null}
    </>
  );
}
