import { useCallback } from 'react';
import { create } from 'zustand';
import { FilterBy, SortBy } from '@chorus/core';
import { localStore } from './safe-storage.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * The content library state (spec 3): topic filter, search text, sort and filter. The spec's
 * defaults are categories [], query '', sort_by [] and filter_by []; here an empty sort is
 * `null` (best match while searching, else latest) and an empty filter is All Posts.
 */
export interface LibraryState {
  categories: number[];
  query: string;
  sortBy: SortBy | null;
  filterBy: FilterBy;
}

export const DEFAULT_LIBRARY_STATE: LibraryState = { categories: [], query: '', sortBy: null, filterBy: FilterBy.ALL };

/** localStorage key of one user's library state (localStorage is per host, so per company). */
export function libraryStorageKey(userId: number): string {
  return `chorus.library.${userId}`;
}

const SORTS: readonly unknown[] = Object.values(SortBy);
const FILTERS: readonly unknown[] = Object.values(FilterBy);

/** Reads a stored state, keeping only well-formed fields. */
export function parseLibraryState(text: string | null): LibraryState {
  let stored: unknown = null;
  try {
    stored = JSON.parse(text ?? 'null');
  } catch {
    return DEFAULT_LIBRARY_STATE;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_LIBRARY_STATE;
  const value = stored as Record<string, unknown>;
  const categories = Array.isArray(value['categories']) ? value['categories'].filter((id): id is number => Number.isInteger(id) && Number(id) > 0) : [];
  return {
    categories,
    query: typeof value['query'] === 'string' ? value['query'] : '',
    sortBy: SORTS.includes(value['sortBy']) ? (value['sortBy'] as SortBy) : null,
    filterBy: FILTERS.includes(value['filterBy']) ? (value['filterBy'] as FilterBy) : FilterBy.ALL,
  };
}

/** The stored state; blocked storage (a third-party frame) reads as empty, so the state lasts the page. */
function load(userId: number): LibraryState {
  return parseLibraryState(localStore.get(libraryStorageKey(userId)));
}

function save(userId: number, state: LibraryState): void {
  localStore.set(libraryStorageKey(userId), JSON.stringify(state));
}

interface LibraryStore {
  byUser: Record<number, LibraryState>;
  update: (userId: number, patch: Partial<LibraryState>) => void;
}

const useLibraryStore = create<LibraryStore>()((set, get) => ({
  byUser: {},
  update: (userId, patch) => {
    const next = { ...(get().byUser[userId] ?? load(userId)), ...patch };
    save(userId, next);
    set((store) => ({ byUser: { ...store.byUser, [userId]: next } }));
  },
}));

/** A user's library state now, outside React (before the first render: main.tsx), as useLibraryState reads it. */
export function libraryStateOf(userId: number): LibraryState {
  return useLibraryStore.getState().byUser[userId] ?? load(userId);
}

/** The signed-in user's library state and its updater; kept per user in localStorage. */
export function useLibraryState(): [LibraryState, (patch: Partial<LibraryState>) => void] {
  const userId = useSessionStore((s) => s.userId);
  const stored = useLibraryStore((s) => (userId === null ? undefined : s.byUser[userId]));
  const update = useLibraryStore((s) => s.update);
  const state = stored ?? (userId === null ? DEFAULT_LIBRARY_STATE : load(userId));
  const setState = useCallback(
    (patch: Partial<LibraryState>): void => {
      if (userId !== null) update(userId, patch);
    },
    [userId, update],
  );
  return [state, setState];
}
