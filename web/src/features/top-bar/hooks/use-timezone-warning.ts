import { useMemo, useState } from 'react';
import { readCookies, writeCookie } from '../../../lib/safe-storage.ts';
import { browserTimezone, hasTimezoneMismatch } from '../utils/timezone-match.ts';
import { ignoreCookie, isWarningIgnored } from '../utils/ignore-cookie.ts';

/** What the top bar needs to show (or not) the time-zone mismatch warning. */
export interface TimezoneWarningState {
  /** The warning shows: the zones disagree and it was not ignored within the last week. */
  visible: boolean;
  /** The browser's zone, which 'Update' saves. */
  systemZone: string;
  /** 'Ignore': hides the warning for one week. */
  ignore: () => void;
}

/**
 * The warning's state for the user's saved zone (null: no one is signed in, nothing shows). It
 * shows when the zones disagree (see utils/timezone-match.ts) and it was not ignored in the last
 * week: 'Go to settings' opens the settings' time-zone section, 'Update' saves the browser's
 * zone, 'Ignore' hides it for a week.
 */
export function useTimezoneWarning(savedZone: string | null): TimezoneWarningState {
  const [ignored, setIgnored] = useState(() => isWarningIgnored(readCookies(), Date.now()));
  const systemZone = useMemo(() => browserTimezone(), []);
  const mismatch = useMemo(
    () => savedZone !== null && hasTimezoneMismatch(systemZone, savedZone, new Date()),
    [systemZone, savedZone],
  );
  const ignore = (): void => {
    writeCookie(ignoreCookie(Date.now(), window.location.protocol === 'https:'));
    setIgnored(true);
  };
  return { visible: mismatch && !ignored && systemZone !== undefined, systemZone: systemZone ?? '', ignore };
}
