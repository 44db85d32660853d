import { Suspense, useState, type JSX, type ReactNode } from 'react';

/**
 * A lazily loaded part that pushes the page down when it appears (a banner above `main`). When
 * it is there at the first render, it suspends the nearest outer boundary, so the frame paints
 * once with it rather than moving the page under the reader when its code arrives (layout
 * shift). When it appears later (the person saved another time zone), it loads in place behind
 * its own empty boundary, so the page already shown never goes back to a spinner.
 */
export function WithFirstPaint(props: { children: ReactNode }): JSX.Element {
  // Decided once: switching between the two shapes would remount the part.
  const [atFirstPaint] = useState(() => props.children !== null && props.children !== undefined && props.children !== false);
  if (atFirstPaint) return <>{props.children}</>;
  return <Suspense fallback={null}>{props.children}</Suspense>;
}
