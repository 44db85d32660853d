/** The view switcher of the user menu ('Change to Admin View' / 'Change to Content Creator View'). */
import { can, Role } from '@chorus/core';

/** Translation key of the switcher's label. */
export type ViewSwitchLabel = 'topBar.adminView' | 'topBar.contentCreatorView';

/**
 * The label for a role where the company allows the dashboard, or null when hidden. Plain
 * users never see it; content creators go to their view, managers and admins to the admin view.
 */
export function viewSwitchLabel(role: number, dashboardEnabled: boolean): ViewSwitchLabel | null {
  if (!dashboardEnabled || !can(role, 'admin.view')) return null;
  return role === Role.CONTENT_CREATOR ? 'topBar.contentCreatorView' : 'topBar.adminView';
}
