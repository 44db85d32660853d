/**
 * The signed-in user's own account: saving profile and settings (POST /user/{id}), changing
 * the password (POST /user/password) and the interface language (POST /user/app/language).
 */
import {
  ErrorCode,
  LINKABLE_NETWORKS,
  networkIdOfSlug,
  NOTIFICATION_KINDS,
  notificationKindOffered,
  validateAiSettings,
  validateConfirmPassword,
  validatePassword,
  type FeatureToggles,
  type Language,
  type UpdateUserRequest,
  type UserSettings,
  type UserSettingsUpdate,
} from '@chorus/core';
import { eq } from 'drizzle-orm';
import { spendAccessCodes } from '../auth/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { sessions, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError, notSignedIn, validationFailed } from '../errors.ts';
import { timezoneList } from '../lib/timezones.ts';
import { recordEvents } from './share-events.ts';
import { supportedLanguage } from '../presenters/company.ts';

/** The spec's AI message, sent as the 201's message so any client can show it. */
export const AI_SETTINGS_INCOMPLETE = 'You need to fill out your job title and goal before you can use the AI feature';
/** The spec's password policy message, sent as the 201's message. */
export const PASSWORD_POLICY_MESSAGE = 'Password you entered does not conform to company password policy...';

let knownZones: Set<string> | null = null;

/** Whether GET /api/v1/common/timezone lists the zone. */
function isListedTimezone(zone: string): boolean {
  knownZones ??= new Set(timezoneList().map((entry) => entry.value));
  return knownZones.has(zone);
}

/**
 * The settings after an update. Settings the company has switched off keep their stored values
 * whatever the request says: every notification flag while notifications_enabled is off, and
 * each kind's flags while its own toggle is off (notificationKindOffered); the AI settings
 * while user_ai_enabled is off; each network's auto-queue switch while auto_queue_enabled is
 * off. The web sends its whole settings object, so ignoring (rather than refusing) lets a save
 * go through without those controls on screen.
 */
export function mergeUserSettings(current: UserSettings, update: UserSettingsUpdate, toggles: FeatureToggles): UserSettings {
  const notifications = { ...current.notifications };
  for (const kind of NOTIFICATION_KINDS) {
    if (!notificationKindOffered(kind, toggles)) continue;
    for (const key of [`email_${kind}`, `push_${kind}`] as const) {
      const value = update.notifications?.[key];
      if (value !== undefined) notifications[key] = value;
    }
  }
  const postQueue = { ...current.post_queue, ...update.post_queue };
  if (!toggles.auto_queue_enabled) {
    for (const network of LINKABLE_NETWORKS) {
      postQueue[network] = { ...postQueue[network], auto_queue_enabled: current.post_queue[network].auto_queue_enabled };
    }
  }
  return {
    ai: toggles.user_ai_enabled ? { ...current.ai, ...update.ai } : current.ai,
    intelligence: { ...current.intelligence, ...update.intelligence },
    email_updates: { ...current.email_updates, ...update.email_updates },
    leader_board: { ...current.leader_board, ...update.leader_board },
    post_queue: postQueue,
    notifications,
  };
}

/**
 * Saves the user's names, language, time zone and settings, after checking them all: nothing
 * changes when anything is wrong (201 with the field issues). Turning a network's auto-queue on
 * is recorded as an `auto_queue_enabled` event of the company (issue 15), with the change.
 */
export async function saveUserAccount(db: Database, user: UserRow, company: Pick<CompanyRow, 'id' | 'featureToggles'>, input: UpdateUserRequest): Promise<UserRow> {
  const toggles = company.featureToggles;
  // A stored zone stays acceptable (self sign-up stores the spec's US/Eastern, which the list
  // names America/New_York); a new one must be listed.
  if (input.timezone !== undefined && input.timezone !== user.timezone && !isListedTimezone(input.timezone)) {
    throw validationFailed([{ path: 'timezone', message: 'Unknown time zone' }]);
  }
  const settings = input.user_settings === undefined ? user.settings : mergeUserSettings(user.settings, input.user_settings, toggles);
  if (toggles.user_ai_enabled && !validateAiSettings(settings.ai).ok) {
    throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, AI_SETTINGS_INCOMPLETE, [{ path: 'user_settings.ai', message: 'ai.incomplete' }]);
  }
  const enabled = LINKABLE_NETWORKS.filter((network) => settings.post_queue[network].auto_queue_enabled && !user.settings.post_queue[network].auto_queue_enabled);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.first_name ?? user.firstName,
        lastName: input.last_name ?? user.lastName,
        language: input.language === undefined ? user.language : supportedLanguage(input.language),
        timezone: input.timezone ?? user.timezone,
        settings,
      })
      .where(eq(users.id, user.id))
      .returning();
    await recordEvents(
      tx,
      enabled.map((network) => ({ companyId: company.id, userId: user.id, postId: null, network: networkIdOfSlug(network), kind: 'auto_queue_enabled' as const })),
    );
    return row;
  });
  if (!saved) throw notSignedIn();
  return saved;
}

/** What a password change carries. */
export interface PasswordChange {
  current_password: string;
  new_password: string;
  confirm_new_password: string;
}

/**
 * Changes the password: the current one must be right (443), the new one must meet the
 * policy and be confirmed (201). Outstanding recovery and magic-link codes are spent. Every
 * session of the user ends, including the one making the change, and a new one starts in the
 * caller's company: its token replaces the caller's.
 */
export async function changeUserPassword(db: Database, user: UserRow, companyId: number, change: PasswordChange): Promise<string> {
  if (!(await verifyPassword(user.passwordHash, change.current_password))) throw new ApiError(ErrorCode.INCORRECT_PASSWORD);
  if (!validatePassword(change.new_password).ok) {
    throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, PASSWORD_POLICY_MESSAGE, [{ path: 'new_password', message: 'password.policy' }]);
  }
  const confirmed = validateConfirmPassword(change.new_password, change.confirm_new_password);
  if (!confirmed.ok) throw validationFailed([{ path: 'confirm_new_password', message: confirmed.error }]);
  const passwordHash = await hashPassword(change.new_password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await spendAccessCodes(tx, user.id);
    return createSession(tx, user.id, companyId, { authMethod: { kind: 'password' } });
  });
}

/**
 * Saves the interface language: exactly en-US, es-ES, fr-CA or de-DE, anything else (`fr`,
 * `fr_CA`, `pt-BR`) is saved as en-US (accounts spec 5). Only a browser's own language list is
 * matched loosely (web/src/lib/language.ts), since browsers say `fr` for French.
 */
export async function saveUserLanguage(db: Database, user: UserRow, requested: string): Promise<Language> {
  const language = supportedLanguage(requested);
  await db.update(users).set({ language }).where(eq(users.id, user.id));
  return language;
}
