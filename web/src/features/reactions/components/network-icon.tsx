import type { JSX } from 'react';
import { Network } from '@chorus/core';

const PATHS: Readonly<Record<number, string>> = {
  // Simplified marks of X, Facebook and LinkedIn on a 24-unit grid.
  [Network.TWITTER]: 'M4 4h4.6l3.6 5 4.2-5H19l-5.6 6.6L20 20h-4.6l-3.9-5.4L6.9 20H4.4l5.9-6.9z',
  [Network.FACEBOOK]: 'M13.5 21v-7.5H16l.4-3h-2.9V8.7c0-.9.3-1.5 1.5-1.5h1.5V4.5a20 20 0 0 0-2.2-.1c-2.2 0-3.8 1.4-3.8 3.9v2.2H8v3h2.5V21z',
  [Network.LINKEDIN]: 'M5 9h3v11H5zm1.5-5a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4M10 9h2.9v1.5c.4-.8 1.4-1.7 3-1.7 3.1 0 3.6 2 3.6 4.7V20h-3v-5.6c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9V20h-3z',
};

/** The mark of a shareable network, decorative (its name is given by the surrounding control). */
export function NetworkIcon(props: { network: number; size?: number }): JSX.Element {
  const size = props.size ?? 20;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={PATHS[props.network] ?? ''} />
    </svg>
  );
}
