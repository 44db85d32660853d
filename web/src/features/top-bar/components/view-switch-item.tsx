import type { JSX } from 'react';
import { MenuItemLink } from '@fluentui/react-components';
import { ArrowSwapRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ADMIN_VIEW_PATH } from '@chorus/core';
import { viewSwitchLabel } from '../utils/view-switch.ts';

/**
 * The user menu's view switcher: managers (and admins) get 'Change to Admin View', content
 * creators 'Change to Content Creator View', where the company allows the dashboard. The
 * admin app is another page on this host, so this is a plain link to its hash route.
 */
export function ViewSwitchItem(props: { role: number; dashboardEnabled: boolean }): JSX.Element | null {
  const { t } = useTranslation();
  const label = viewSwitchLabel(props.role, props.dashboardEnabled);
  if (label === null) return null;
  return (
    <MenuItemLink href={ADMIN_VIEW_PATH} icon={<ArrowSwapRegular />}>
      {t(label)}
    </MenuItemLink>
  );
}
