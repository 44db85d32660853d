import type { JSX, MouseEvent } from 'react';
import { Avatar, MenuButton, MenuItem, MenuItemLink, MenuList } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuOnFirstUse } from '../../components/menu-on-first-use.tsx';
import { useCurrentUser } from '../../lib/auth.tsx';
import { useAccountEntries } from '../../features/top-bar/hooks/use-account-entries.tsx';
import styles from './app-layout.module.css';

/**
 * The user menu of the top bar: the user's name (hidden on narrow bars, where the avatar
 * stands alone) and avatar, then the account entries (view switcher, Bookmarks, Featured,
 * Manage Topics, My Settings, Privacy, Sign Out).
 */
export function UserMenu(): JSX.Element {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const entries = useAccountEntries();
  const navigate = useNavigate();
  const name = user?.full_name ?? '';
  return (
    <MenuOnFirstUse
      trigger={
        <MenuButton
          appearance="subtle"
          // The avatar only repeats the name the button is labelled with, so it is hidden from
          // assistive technology and shows the picture or a person icon (coloured by the name),
          // not initials: initials would be visible text missing from the label (Lighthouse's
          // label-content-name-mismatch: a control's name contains the text it shows).
          icon={<Avatar aria-hidden color="colorful" idForColor={name} image={user?.picture_images.avatar ? { src: user.picture_images.avatar } : undefined} size={28} />}
          aria-label={t('nav.userMenu', { name })}
        >
          <span className={styles.userName}>{name}</span>
        </MenuButton>
      }
    >
      <MenuList>
        {entries.map((entry) => {
          const { href, to, onSelect } = entry;
          if (href !== undefined) {
            const follow = (event: MouseEvent<HTMLAnchorElement>): void => {
              if (to === undefined || event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              void navigate(to);
            };
            return (
              <MenuItemLink key={entry.id} href={href} icon={entry.icon} onClick={follow}>
                {entry.label}
              </MenuItemLink>
            );
          }
          return (
            <MenuItem
              key={entry.id}
              icon={entry.icon}
              onClick={() => {
                if (to !== undefined) void navigate(to);
                else onSelect?.();
              }}
            >
              {entry.label}
            </MenuItem>
          );
        })}
      </MenuList>
    </MenuOnFirstUse>
  );
}
