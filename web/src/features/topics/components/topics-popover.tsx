import type { JSX } from 'react';
import { Popover, PopoverSurface, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useConfigInfo } from '../../../lib/auth.tsx';
import { RouterLink } from '../../../components/router-link.tsx';
import { useUserTopics } from '../api/user-topics.ts';
import { dropdownLayout } from './dropdown-layout.ts';
import styles from './topics-dropdown.module.css';

/** Props of {@link TopicsPopover}. */
export interface TopicsPopoverProps {
  open: boolean;
  /** The button it opens below. */
  target: HTMLElement | null;
  /** Asked to open or close; `byKeyboard` when closed with Escape. */
  onOpenChange: (open: boolean, byKeyboard: boolean) => void;
}

/** The topics menu's popover: the followed topics in columns, then Bookmarks, Featured, Manage Topics. */
export function TopicsPopover(props: TopicsPopoverProps): JSX.Element {
  const { t } = useTranslation(['library']);
  const config = useConfigInfo();
  const topics = useUserTopics();
  const followed = topics.data?.objects.filter((entry) => entry.is_followed) ?? [];
  const layout = dropdownLayout(followed.length);
  const toggles = config?.feature_toggles;
  return (
    <Popover
      open={props.open}
      onOpenChange={(event, data) => props.onOpenChange(data.open, event.type === 'keydown')}
      positioning={{ target: props.target, position: 'below', align: 'start' }}
      trapFocus
    >
      <PopoverSurface aria-label={t('library:topics.menuLabel')} className={styles.surface}>
        <nav aria-label={t('library:topics.menuLabel')}>
          {topics.isPending ? <Spinner size="tiny" label={t('library:topics.loading')} className={styles.empty} /> : null}
          {topics.isSuccess && followed.length === 0 ? (
            <Text as="p" className={styles.empty}>
              {t('library:topics.none')}
            </Text>
          ) : null}
          {followed.length > 0 ? (
            <ul
              className={styles.columns}
              style={{
                width: `${layout.widthPx}px`,
                gridTemplateRows: `repeat(${layout.rows}, auto)`,
                ...(layout.heightPx === null ? {} : { height: `${layout.heightPx}px` }),
              }}
            >
              {followed.map((entry) => (
                <li key={entry.category.id} className={styles.topic}>
                  <RouterLink to={`/topic/${entry.category.id}`}>{entry.category.name}</RouterLink>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className={styles.footer}>
            {toggles?.notifications_enabled ? (
              <li>
                <RouterLink to="/bookmarks">{t('library:topics.bookmarks')}</RouterLink>
              </li>
            ) : null}
            {toggles?.featured_posts ? (
              <li>
                <RouterLink to="/featured">{t('library:topics.featured')}</RouterLink>
              </li>
            ) : null}
            <li>
              <RouterLink to="/manage-topics">{t('library:topics.manage')}</RouterLink>
            </li>
          </ul>
        </nav>
      </PopoverSurface>
    </Popover>
  );
}
