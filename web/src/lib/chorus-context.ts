import { createContext, useContext } from 'react';
import type { Language } from '@chorus/core';

/** Where the app runs: the standalone site or the Teams personal tab. */
export type ChorusHost = 'web' | 'teams';

/** Settings the embedding page gives the app. */
export interface ChorusSettings {
  host: ChorusHost;
  /** A language forced by the host (Teams locale); it wins over the user's own. */
  language: Language | undefined;
}

/** The embedding settings, read by features that behave differently per host. */
export const ChorusContext = createContext<ChorusSettings>({ host: 'web', language: undefined });

/** The settings ChorusApp was rendered with. */
export function useChorusSettings(): ChorusSettings {
  return useContext(ChorusContext);
}
