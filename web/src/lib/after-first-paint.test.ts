import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { TURN_WAIT_MS, Turns, watchFirstPaint, type PaintWatchHost, type TurnTicket } from './after-first-paint.tsx';

/** A host on a real query client, with frames and timers run by the test. */
function harness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frames: (() => void)[] = [];
  const timers: { ms: number; callback: () => void; cancelled: boolean }[] = [];
  // The first screen's pictures: drawn at once unless the test holds them.
  const pictures = { held: false, waiting: [] as (() => void)[] };
  const host: PaintWatchHost = {
    fetching: () => client.isFetching(),
    onQueries: (listener) => client.getQueryCache().subscribe(listener),
    afterPaint: (callback) => frames.push(callback),
    after: (ms, callback) => {
      const timer = { ms, callback, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
    picturesDrawn: (callback) => {
      if (pictures.held) pictures.waiting.push(callback);
      else callback();
    },
  };
  const paint = (): void => {
    for (const frame of frames.splice(0)) frame();
  };
  // Fires the timers set so far, each once (timers set meanwhile wait for the next call).
  const expire = (): void => {
    for (const timer of [...timers]) {
      if (timer.cancelled) continue;
      timer.cancelled = true;
      timer.callback();
    }
  };
  const drawPictures = (): void => {
    pictures.held = false;
    for (const callback of pictures.waiting.splice(0)) callback();
  };
  return { client, host, paint, expire, timers, pictures, drawPictures };
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

  it('waits for the first screen\'s pictures to be drawn after the page\'s data', async () => {
    const { client, host, paint, pictures, drawPictures } = harness();
    const feed = pendingAnswer(client, 'feed');
    pictures.held = true;
    let done = 0;
    watchFirstPaint(host, 3000, () => (done += 1));
    paint();
    feed('posts');
    await client.getQueryCache().find({ queryKey: ['feed'] })?.promise;
    paint();
    expect(done).toBe(0);
    drawPictures();
    expect(done).toBe(1);
  });

  it('gives up waiting for pictures after the time limit too', () => {
    const { host, paint, expire, pictures } = harness();
    pictures.held = true;
    let done = 0;
    watchFirstPaint(host, 3000, () => (done += 1));
    paint();
    expect(done).toBe(0);
    expire();
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

describe('Turns', () => {
  /** Turns on frames and timers run by the test, with parts that record their release. */
  function turnsHarness(perTurn = 2) {
    const { host, paint, expire, timers } = harness();
    const turns = new Turns(host, perTurn, TURN_WAIT_MS);
    const released: string[] = [];
    const tickets = new Map<string, TurnTicket>();
    const join = (...names: string[]): void => {
      for (const name of names) tickets.set(name, turns.join(() => released.push(name)));
    };
    const done = (...names: string[]): void => {
      for (const name of names) tickets.get(name)?.done();
    };
    return { turns, released, join, done, paint, expire, timers, tickets };
  }

  it('releases nothing before it opens, then the first parts in the order they joined', () => {
    const { turns, released, join, paint } = turnsHarness();
    join('top bar', 'card 1', 'card 2');
    paint();
    expect(released).toEqual([]);
    expect(turns.drained).toBe(false);
    turns.open();
    expect(released).toEqual(['top bar', 'card 1']);
  });

  it('starts the next turn only when every part of the last one is done and a frame has been painted', () => {
    const { turns, released, join, done, paint } = turnsHarness();
    join('a', 'b', 'c', 'd', 'e');
    turns.open();
    done('a');
    paint();
    expect(released).toEqual(['a', 'b']);
    done('b');
    expect(released).toEqual(['a', 'b']);
    paint();
    expect(released).toEqual(['a', 'b', 'c', 'd']);
    done('c', 'd');
    paint();
    expect(released).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.drained).toBe(false);
    done('e');
    paint();
    expect(turns.drained).toBe(true);
  });

  it('skips a part that left before its turn, and counts one that leaves during its turn as done', () => {
    const { turns, released, join, tickets, paint } = turnsHarness();
    join('a', 'b', 'c', 'd');
    tickets.get('c')?.leave();
    turns.open();
    expect(released).toEqual(['a', 'b']);
    tickets.get('a')?.leave();
    tickets.get('b')?.done();
    paint();
    expect(released).toEqual(['a', 'b', 'd']);
  });

  it('moves on after the time limit when a part never says it is done, and ignores its late word', () => {
    const { turns, released, join, done, paint, expire, timers } = turnsHarness();
    join('stuck', 'b', 'c', 'd', 'e', 'f');
    turns.open();
    expect(timers.at(-1)?.ms).toBe(TURN_WAIT_MS);
    done('b');
    paint();
    expect(released).toEqual(['stuck', 'b']);
    expire();
    expect(released).toEqual(['stuck', 'b', 'c', 'd']);
    // The stuck part's late done() is not taken for one of this turn's parts.
    done('stuck', 'c');
    paint();
    expect(released).toEqual(['stuck', 'b', 'c', 'd']);
    done('d');
    paint();
    expect(released).toEqual(['stuck', 'b', 'c', 'd', 'e', 'f']);
  });

  it('releases a part that joins once the turns are over at once, and one that joins during them at the end', () => {
    const { turns, released, join, done, paint } = turnsHarness();
    join('a', 'b', 'c');
    turns.open();
    join('late');
    done('a', 'b');
    paint();
    expect(released).toEqual(['a', 'b', 'c', 'late']);
    done('c', 'late');
    paint();
    expect(turns.drained).toBe(true);
    join('after');
    expect(released.at(-1)).toBe('after');
  });

  it('holds the parts behind a dialog until the last hold is let go, and lets the parts inside it pass', () => {
    const { turns, released, join, done, paint, tickets } = turnsHarness();
    join('top bar', 'card 1');
    turns.open();
    expect(released).toEqual(['top bar', 'card 1']);
    const first = turns.hold();
    const second = turns.hold();
    join('card 2', 'card 3');
    tickets.set('dialog part', turns.join(() => released.push('dialog part'), true));
    // The turn under way ends as usual; the next one releases only the part inside the dialog.
    done('top bar', 'card 1');
    paint();
    expect(released).toEqual(['top bar', 'card 1', 'dialog part']);
    done('dialog part');
    paint();
    expect(released).toEqual(['top bar', 'card 1', 'dialog part']);
    expect(turns.drained).toBe(false);
    first();
    first();
    expect(released).toEqual(['top bar', 'card 1', 'dialog part']);
    second();
    expect(released).toEqual(['top bar', 'card 1', 'dialog part', 'card 2', 'card 3']);
    done('card 2', 'card 3');
    paint();
    expect(turns.drained).toBe(true);
  });

  it('releases a part inside the dialog that joins while the others are held and no turn is under way', () => {
    const { turns, released, join, done, paint } = turnsHarness();
    join('top bar');
    turns.open();
    turns.hold();
    join('card 1');
    done('top bar');
    paint();
    expect(released).toEqual(['top bar']);
    turns.join(() => released.push('dialog part'), true);
    expect(released).toEqual(['top bar', 'dialog part']);
  });

  it('lets a held part that left go out of the queue, and a hold let go during a turn waits for its end', () => {
    const { turns, released, join, done, paint, tickets } = turnsHarness(1);
    join('a', 'b', 'c');
    turns.open();
    const letGo = turns.hold();
    tickets.get('b')?.leave();
    letGo();
    // 'a' is still in its turn: nothing more is released until it is done and painted.
    expect(released).toEqual(['a']);
    done('a');
    paint();
    expect(released).toEqual(['a', 'c']);
  });

  it('is drained at once when nothing waits', () => {
    const { turns, released, join } = turnsHarness();
    turns.open();
    expect(turns.drained).toBe(true);
    join('a');
    expect(released).toEqual(['a']);
  });
});
