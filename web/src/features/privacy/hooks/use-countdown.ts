import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `totalMs` while `running`, and calls `onDone` once at zero.
 * Returns the seconds left.
 */
export function useCountdown(totalMs: number, running: boolean, onDone: () => void): number {
  const total = Math.ceil(totalMs / 1000);
  const [left, setLeft] = useState(total);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!running) {
      setLeft(total);
      return undefined;
    }
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [running, total]);

  return left;
}
