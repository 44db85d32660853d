import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { watchFirstPaint, type PaintWatchHost } from './after-first-paint.ts';

/** A host on a real query client, with frames and timers run by the test. */
function harness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frames: (() => void)[] = [];
  const timers: { ms: number; callback: () => void; cancelled: boolean }[] = [];
  const host: PaintWatchHost = {
    fetching: () => client.isFetching(),
    onQueries: (listener) => client.getQueryCache().subscribe(listener),
    afterPaint: (callback) => frames.push(callback),
    after: (ms, callback) => {
      const timer = { ms, callback, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  };
  const paint = (): void => {
    for (const frame of frames.splice(0)) frame();
  };
  const expire = (): void => {
    for (const timer of timers) if (!timer.cancelled) timer.callback();
  };
  return { client, host, paint, expire, timers };
}

/** A query whose answer the test releases. */
function pendingAnswer(client: QueryClient, key: string) {
  let release: (value: string) => void = () => undefined;
  const answered = new Promise<string>((resolve) => (release = resolve));
  void client.fetchQuery({ queryKey: [key], queryFn: () => answered });
  return release;
}

describe('watchFirstPaint', () => {
  it('is done after the first frame when nothing is loading', () => {
    const { host, paint } = harness();
    let done = 0;
    watchFirstPaint(host, 3000, () => (done += 1));
    expect(done).toBe(0);
    paint();
    expect(done).toBe(1);
  });

  it('waits for every query, then for the frame that paints the last answer', async () => {
    const { client, host, paint } = harness();
    const feed = pendingAnswer(client, 'feed');
    const topics = pendingAnswer(client, 'topics');
    let done = 0;
    watchFirstPaint(host, 3000, () => (done += 1));
    paint();
    expect(done).toBe(0);
    feed('posts');
    await client.getQueryCache().find({ queryKey: ['feed'] })?.promise;
    paint();
    expect(done).toBe(0);
    topics('list');
    await client.getQueryCache().find({ queryKey: ['topics'] })?.promise;
    expect(done).toBe(0);
    paint();
    expect(done).toBe(1);
    // Later queries change nothing: it happens once.
    const later = pendingAnswer(client, 'later');
    later('x');
    paint();
    expect(done).toBe(1);
  });

  it('gives up waiting after the time limit when an answer never comes, and only once', () => {
    const { client, host, paint, expire, timers } = harness();
    pendingAnswer(client, 'slow');
    let done = 0;
    watchFirstPaint(host, 3000, () => (done += 1));
    paint();
    expect(done).toBe(0);
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    expire();
    expect(done).toBe(1);
    paint();
    expire();
    expect(done).toBe(1);
  });
});
