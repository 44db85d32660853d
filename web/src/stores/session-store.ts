import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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

/**
 * The session, persisted in localStorage (which is per host, so per company subdomain) so a
 * reload can fetch `/api/v1/user/{id}` again.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      userId: null,
      endedBy: null,
      start: (userId) => set({ userId, endedBy: null }),
      end: (reason) => set({ userId: null, endedBy: reason }),
      acknowledgeEnd: () => set({ endedBy: null }),
    }),
    {
      name: 'chorus.session',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ userId: state.userId }),
    },
  ),
);
