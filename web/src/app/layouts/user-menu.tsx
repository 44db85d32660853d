import type { JSX } from 'react';
import { Avatar, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { SettingsRegular, ShieldLockRegular, SignOutRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGOUT_ERROR_TOAST_MS } from '@chorus/core';
import { useConfigInfo, useCurrentUser, useSignOut } from '../../lib/auth.tsx';
import { useNotify } from '../../lib/notify.tsx';
import { ViewSwitchItem } from '../../features/top-bar/components/view-switch-item.tsx';

/**
 * The user menu of the top bar: the user's name and avatar, the view switcher, and Sign Out. A failed sign-out
 * shows 'Unknown Logout Error' for 8 s; the local session ends either way.
 */
export function UserMenu(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useCurrentUser();
  const config = useConfigInfo();
  const signOut = useSignOut(() => notify.error(t('message.unknownLogout', { ns: 'errors' }), { timeout: LOGOUT_ERROR_TOAST_MS }));
  const navigate = useNavigate();
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
          {user ? <ViewSwitchItem role={user.role} dashboardEnabled={config?.dashboard_enabled ?? false} /> : null}
          <MenuItem icon={<SettingsRegular />} onClick={() => navigate('/settings')}>
            {t('nav.settings')}
          </MenuItem>
          <MenuItem icon={<ShieldLockRegular />} onClick={() => navigate('/privacy')}>
            {t('nav.privacy')}
          </MenuItem>
          <MenuItem icon={<SignOutRegular />} onClick={handleSignOut}>
            {t('nav.signOut')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

