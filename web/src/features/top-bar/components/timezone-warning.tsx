import { Suspense, lazy, type JSX } from 'react';
import { useTimezoneWarning } from '../hooks/use-timezone-warning.ts';

// The message bar's code loads only when the warning shows, not with every first render.
const TimezoneWarningBar = lazy(() => import('./timezone-warning-bar.tsx').then((m) => ({ default: m.TimezoneWarningBar })));

/**
 * The top bar's time-zone mismatch warning, shown when the browser's zone disagrees with the
 * saved one (see utils/timezone-match.ts) and it was not ignored in the last week: 'Go to
 * settings' opens the settings' time-zone section, 'Update' saves the browser's zone, 'Ignore'
 * hides the warning for a week.
 */
export function TimezoneWarning(props: { savedZone: string }): JSX.Element | null {
  const warning = useTimezoneWarning(props.savedZone);
  if (!warning.visible) return null;
  return (
    <Suspense fallback={null}>
      <TimezoneWarningBar systemZone={warning.systemZone} savedZone={props.savedZone} onIgnore={warning.ignore} />
    </Suspense>
  );
}
