import { create } from 'zustand';
import { localStore } from '../lib/safe-storage.ts';

/** Why the last session ended: the user signed out, or the server stopped accepting it. */
export type SessionEnd = 'signed-out' | 'expired';

interface SessionState {
  /** The signed-in user's id; the token itself lives in the `pb_token` cookie. */
  userId: number | null;
  endedBy: SessionEnd | null;
  start: (userId: number) => void;
  end: (reason: SessionEnd) => void;
  /** Marks the end reason as handled, so a notice about it shows once. */
  acknowledgeEnd: () => void;
}

/** localStorage key of the persisted session (localStorage is per host, so per company). */
export const SESSION_STORAGE_KEY = 'chorus.session';

function readUserId(): number | null {
  // Blocked storage (a third-party frame) reads as empty: the session then lasts the page.
  let stored: unknown = null;
  try {
    stored = JSON.parse(localStore.get(SESSION_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  const userId = typeof stored === 'object' && stored !== null && 'userId' in stored ? stored.userId : null;
  return typeof userId === 'number' && Number.isInteger(userId) && userId > 0 ? userId : null;
}

function writeUserId(userId: number | null): void {
  if (userId === null) localStore.remove(SESSION_STORAGE_KEY);
  else localStore.set(SESSION_STORAGE_KEY, JSON.stringify({ userId }));
}

/**
 * The session: the signed-in user's id, persisted in localStorage so a reload can fetch
 * `/api/v1/user/{id}` again.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  userId: readUserId(),
  endedBy: null,
  start: (userId) => {
    writeUserId(userId);
    set({ userId, endedBy: null });
  },
  end: (reason) => {
    writeUserId(null);
    set({ userId: null, endedBy: reason });
  },
  acknowledgeEnd: () => set({ endedBy: null }),
}));
