import { create } from 'zustand';

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
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const userId = typeof stored === 'object' && stored !== null && 'userId' in stored ? stored.userId : null;
    return typeof userId === 'number' && Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch {
    // Storage can be unavailable (blocked in a third-party frame): the session then lasts the page.
    return null;
  }
}

function writeUserId(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(SESSION_STORAGE_KEY);
    else localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId }));
  } catch {
    // See readUserId.
  }
}

/**
 * The session: the signed-in user's id, persisted in localStorage so a reload can fetch
 * `/api/v1/user/{id}` again.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  userId: typeof localStorage === 'undefined' ? null : readUserId(),
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
