/**
 * "After the page's first paint": when the parts that need not be there to read a page (the top
 * bar's menus, search and Suggest button, the cards' like, share and dismiss controls) start
 * loading their code. Lazy, they still started their imports in the same task that rendered the
 * page, and on the feed some 100 KB of them were fetched, parsed and preloaded before the first
 * cards could paint. Now they wait until the page's data has arrived and been painted: no query
 * is fetching, then one frame has been drawn, and the first screen's pictures (the cards' images
 * at high priority, first-screen.ts) have been drawn too: a phone drew the first card's picture
 * (the page's largest paint) a few frames after its card, and the parts' code and requests shared
 * the network and the main thread with it meanwhile. A page whose data or pictures take longer
 * than FIRST_PAINT_WAIT_MS (a slow or failing request) gets them then anyway.
 *
 * Then they come in turns (Turns), a few parts at a time in page order, each turn after the
 * previous one's parts are on screen and a frame has been drawn. All at once, the feed's 25 cards
 * mounted their controls in one commit: one task of 138 ms on this machine, some 550 ms of a
 * phone's main thread (4x CPU) in which a tap could not be answered.
 *
 * The moment is app-wide and happens once: parts mounted after the last turn (another page, a
 * new card) load at once.
 *
 * A modal dialog over the page holds the turns of the parts behind it (useHoldTurns): nobody can
 * reach them until it closes. A page load of /post/{id} mounted the feed's controls and its cards
 * below the first screen behind the open post, some thirty turns of a phone's main thread while
 * the person read the post; they now come after it closes. Parts inside the dialog (PassHolds)
 * go on.
 */
import { Suspense, createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type JSX, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** The longest the deferred parts wait for the page's data. */
export const FIRST_PAINT_WAIT_MS = 3000;
/** Parts released per turn: a card, or its two controls (its menu and its actions). */
export const PARTS_PER_TURN = 2;
/** The longest a turn waits for its parts (code that does not arrive must not hold the rest back). */
export const TURN_WAIT_MS = 1000;

/** What the watch needs from the browser and the query client. */
export interface PaintWatchHost {
  /** How many queries are fetching now. */
  fetching(): number;
  /** Calls back on every change of the query cache; returns the unsubscribe. */
  onQueries(listener: () => void): () => void;
  /** Runs the callback after the next frame has been painted. */
  afterPaint(callback: () => void): void;
  /** A timer (returns its cancel). */
  after(ms: number, callback: () => void): () => void;
  /** Calls back once the first screen's pictures now in the page are drawn (at once when none is still loading). */
  picturesDrawn(callback: () => void): void;
}

/**
 * Calls `done` once: when no query is fetching after a painted frame (queries started by the
 * first render's effects have begun by then), or after the frame that follows the last fetch, and
 * the first screen's pictures are drawn; or after `waitMs` at most.
 */
export function watchFirstPaint(host: PaintWatchHost, waitMs: number, done: () => void): void {
  let finished = false;
  let unsubscribe: (() => void) | null = null;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    unsubscribe?.();
    cancelTimer();
    done();
  };
  const cancelTimer = host.after(waitMs, finish);
  const settle = (): void => host.picturesDrawn(finish);
  host.afterPaint(() => {
    if (finished) return;
    if (host.fetching() === 0) {
      settle();
      return;
    }
    let settling = false;
    unsubscribe = host.onQueries(() => {
      if (settling || host.fetching() > 0) return;
      settling = true;
      // The answer's render is committed by now; wait for it to be painted.
      host.afterPaint(() => {
        settling = false;
        if (host.fetching() === 0) settle();
      });
    });
  });
}

/** A part's place in the turns: it says when its content is on screen, or that it is gone. */
export interface TurnTicket {
  /** The part's content has been committed (idempotent). */
  done(): void;
  /** The part unmounted (idempotent; counts as done). */
  leave(): void;
}

/**
 * Releases waiting parts in turns once opened: PARTS_PER_TURN of them in the order they joined,
 * the next turn when each part of the last one is done (or gone) and a frame has been painted
 * since, or after TURN_WAIT_MS at most. Once no part waits or runs, a part joins released.
 * While held, only parts that joined as passing holds are released; the rest wait for the last
 * hold to be let go.
 */
export class Turns {
  readonly #host: Pick<PaintWatchHost, 'afterPaint' | 'after'>;
  readonly #perTurn: number;
  readonly #waitMs: number;
  readonly #waiting: { release: () => void; ended: boolean; passesHolds: boolean }[] = [];
  #opened = false;
  #holds = 0;
  #running = 0;
  /** Bumped per turn: a late done() of an earlier turn's part changes nothing. */
  #turn = 0;
  #cancelTimer: (() => void) | null = null;

  constructor(host: Pick<PaintWatchHost, 'afterPaint' | 'after'>, perTurn = PARTS_PER_TURN, waitMs = TURN_WAIT_MS) {
    this.#host = host;
    this.#perTurn = perTurn;
    this.#waitMs = waitMs;
  }

  /** Opened, with no part waiting or in a turn: a new part needs no turn. */
  get drained(): boolean {
    return this.#opened && this.#running === 0 && this.#waiting.length === 0;
  }

  /** Starts the turns (once). */
  open(): void {
    if (this.#opened) return;
    this.#opened = true;
    this.#next();
  }

  /**
   * Pauses the turns for the parts that do not pass holds; returns the function that lets go
   * (idempotent). The turns go on after the last hold is let go.
   */
  hold(): () => void {
    this.#holds += 1;
    let letGo = false;
    return () => {
      if (letGo) return;
      letGo = true;
      this.#holds -= 1;
      // A turn in progress starts the next one itself when it ends.
      if (this.#holds === 0 && this.#opened && this.#running === 0) this.#next();
    };
  }

  /**
   * Queues a part; `release` is called on its turn (at once when drained). A part that passes
   * holds (inside the dialog that holds them) takes its turn while they last.
   */
  join(release: () => void, passesHolds = false): TurnTicket {
    if (this.drained) {
      release();
      return { done: () => undefined, leave: () => undefined };
    }
    let turn: number | null = null;
    let finished = false;
    const entry = {
      release: (): void => {
        turn = this.#turn;
        release();
      },
      ended: false,
      passesHolds,
    };
    this.#waiting.push(entry);
    // Held with no turn under way, nothing would start one for a part that passes the holds.
    if (passesHolds && this.#holds > 0 && this.#opened && this.#running === 0) this.#next();
    const finish = (): void => {
      if (finished) return;
      finished = true;
      if (turn === null) {
        // Still waiting: it leaves the queue.
        entry.ended = true;
        return;
      }
      if (turn !== this.#turn) return;
      this.#running -= 1;
      if (this.#running === 0) this.#endTurn();
    };
    return { done: finish, leave: finish };
  }

  #next(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    this.#turn += 1;
    const released: (() => void)[] = [];
    const held = this.#holds > 0;
    for (let index = 0; released.length < this.#perTurn && index < this.#waiting.length; ) {
      const entry = this.#waiting[index];
      if (entry === undefined || (held && !entry.passesHolds && !entry.ended)) {
        index += 1;
        continue;
      }
      this.#waiting.splice(index, 1);
      if (!entry.ended) released.push(entry.release);
    }
    this.#running = released.length;
    if (released.length === 0) return;
    const turn = this.#turn;
    this.#cancelTimer = this.#host.after(this.#waitMs, () => {
      if (turn === this.#turn) this.#advance();
    });
    for (const release of released) release();
  }

  /** Every part of the turn is done: the next turn after the frame that shows them. */
  #endTurn(): void {
    const turn = this.#turn;
    this.#host.afterPaint(() => {
      if (turn === this.#turn) this.#advance();
    });
  }

  #advance(): void {
    this.#running = 0;
    this.#next();
  }
}

/** Whether a part is inside PassHolds (its turns go on while the others are held). */
const InsideHold = createContext(false);

let painted = false;
let watching = false;
let turns: Turns | null = null;
/** Waiting for the first paint to be over (usePagePainted). */
const paintedListeners = new Set<() => void>();

/** The browser's frames and timers. */
const browserFrames: Pick<PaintWatchHost, 'afterPaint' | 'after'> = {
  afterPaint: (callback) => requestAnimationFrame(() => setTimeout(callback, 0)),
  after: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

/** The first screen's pictures: the cards' images loaded at high priority (first-screen.ts). */
const FIRST_SCREEN_PICTURES = 'img[fetchpriority="high"]';

function browserHost(client: QueryClient): PaintWatchHost {
  return {
    fetching: () => client.isFetching(),
    onQueries: (listener) => client.getQueryCache().subscribe(listener),
    ...browserFrames,
    picturesDrawn: (callback) => {
      const loading = [...document.querySelectorAll<HTMLImageElement>(FIRST_SCREEN_PICTURES)].filter((picture) => !picture.complete);
      if (loading.length === 0) {
        callback();
        return;
      }
      // Loaded and decoded (or failed), then the frame that draws them.
      void Promise.all(loading.map((picture) => picture.decode().catch(() => undefined))).then(() => browserFrames.afterPaint(callback));
    },
  };
}

function browserTurns(): Turns {
  turns ??= new Turns(browserFrames);
  return turns;
}

/** Starts the watch for the page's first paint, unless it has started: the first caller does. */
function watchOnce(client: QueryClient): void {
  if (painted || watching) return;
  watching = true;
  watchFirstPaint(browserHost(client), FIRST_PAINT_WAIT_MS, () => {
    painted = true;
    browserTurns().open();
    for (const listener of paintedListeners) listener();
    paintedListeners.clear();
  });
}

/**
 * This part's turn (see the module comment): whether it may render now, and what to call when
 * its content is on screen. The first caller starts the watch for the first paint.
 */
function useTurn(): { released: boolean; done: () => void } {
  const client = useQueryClient();
  const passesHolds = useContext(InsideHold);
  // A part mounted after the last turn needs none; decided once, at mount.
  const [releasedAtMount] = useState(() => painted && browserTurns().drained);
  const [released, setReleased] = useState(releasedAtMount);
  const ticket = useRef<TurnTicket | null>(null);
  useEffect(() => {
    if (releasedAtMount) return undefined;
    let active = true;
    const joined = browserTurns().join(() => {
      if (active) setReleased(true);
    }, passesHolds);
    ticket.current = joined;
    watchOnce(client);
    return () => {
      active = false;
      joined.leave();
    };
  }, [client, releasedAtMount, passesHolds]);
  const done = useCallback(() => ticket.current?.done(), []);
  return { released, done };
}

/**
 * Whether the page's first paint is over (the moment the deferred parts wait for, above), once
 * it is; true at once after it. Unlike a part's turn, it waits for no other part.
 */
export function usePagePainted(): boolean {
  const client = useQueryClient();
  const [over, setOver] = useState(painted);
  useEffect(() => {
    if (painted) {
      setOver(true);
      return undefined;
    }
    const listener = (): void => {
      // A transition: the render it starts (a dialog's, routes/feed.tsx) yields to input.
      startTransition(() => setOver(true));
    };
    paintedListeners.add(listener);
    watchOnce(client);
    return () => {
      paintedListeners.delete(listener);
    };
  }, [client]);
  return over;
}

/**
 * Whether this part may render now: false until its turn after the page's first paint (see the
 * module comment). Its turn ends when its render with `true` has been committed.
 */
export function useAfterFirstPaint(): boolean {
  const { released, done } = useTurn();
  useEffect(() => {
    if (released) done();
  }, [released, done]);
  return released;
}

/** Ends a turn from inside a part's boundary: it commits only together with the part's content. */
function TurnDone(props: { onDone: () => void }): null {
  const { onDone } = props;
  useEffect(() => onDone(), [onDone]);
  return null;
}

/**
 * A lazily loaded part that renders on its turn after the page's first paint, `fallback` until
 * then and while its code loads. Its turn lasts until its content is on screen, so the next
 * parts do not pile up behind the same code and then commit all at once.
 */
export function AfterFirstPaint(props: { fallback: ReactNode; children: ReactNode }): JSX.Element {
  const { released, done } = useTurn();
  if (!released) return <>{props.fallback}</>;
  return (
    <Suspense fallback={props.fallback}>
      {props.children}
      <TurnDone onDone={done} />
    </Suspense>
  );
}

/**
 * Holds the turns while `active` (see the module comment): the parts that do not pass holds wait
 * until it is false or the component unmounts.
 */
export function useHoldTurns(active: boolean): void {
  // In the commit that makes it active, before a frame is painted and a turn can start.
  useLayoutEffect(() => (active ? browserTurns().hold() : undefined), [active]);
}

/** A modal dialog's content: its parts take their turns while the page behind is held. */
export function PassHolds(props: { children: ReactNode }): JSX.Element {
  return <InsideHold.Provider value>{props.children}</InsideHold.Provider>;
}

/**
 * False until the component's first render has been painted, then true (as a transition, so the
 * render it starts yields to input). For a part that should show its frame before its content.
 */
export function usePaintedOnce(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let active = true;
    browserFrames.afterPaint(() => {
      if (active) startTransition(() => setShown(true));
    });
    return () => {
      active = false;
    };
  }, []);
  return shown;
}
