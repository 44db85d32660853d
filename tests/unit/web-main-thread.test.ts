import { describe, expect, it } from 'vitest';
import { mainThreadOf } from '../../bench/web-main-thread.ts';

const MAIN = { pid: 1, tid: 10 };
const OTHER = { pid: 1, tid: 11 };

/** A complete trace event of `ms` milliseconds starting at `at` ms. */
function span(name: string, at: number, ms: number, thread = MAIN) {
  return { name, ph: 'X', ...thread, ts: at * 1000, dur: ms * 1000 };
}

const THREADS = [
  { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...OTHER, ts: 0, args: { name: 'Compositor' } },
];

describe("the bench's main-thread split (bench/web-main-thread.ts)", () => {
  it('counts self time by group, an unknown event in its parent’s group, and only the renderer’s main thread', () => {
    const run = mainThreadOf(
      [
        ...THREADS,
        span('RunTask', 0, 10),
        span('FunctionCall', 1, 6),
        span('V8.SomethingNew', 2, 2),
        span('Layout', 4, 1),
        span('RunTask', 20, 5),
        span('Paint', 21, 3),
        span('RunTask', 0, 100, OTHER),
        span('Layout', 1, 50, OTHER),
      ],
      42,
    );
    expect(run.taskMs).toBe(15);
    // FunctionCall 6 ms, less the 1 ms Layout inside it; the unknown event stays script.
    expect(run.byGroup['script']).toBe(5);
    expect(run.byGroup['style and layout']).toBe(1);
    expect(run.byGroup['paint and composite']).toBe(3);
    // The tasks' own time: 10 - 6 and 5 - 3.
    expect(run.byGroup['other']).toBe(6);
    expect(run.elements).toBe(42);
  });

  it("counts only the page's renderer, not Chromium's own (its WebUI top chrome), where the trace names the page's process", () => {
    const WEBUI = { pid: 2, tid: 20 };
    const events = [
      ...THREADS,
      { name: 'thread_name', ph: 'M', ...WEBUI, ts: 0, args: { name: 'CrRendererMain' } },
      span('RunTask', 0, 10),
      span('RunTask', 100, 70, WEBUI),
      span('FunctionCall', 101, 60, WEBUI),
    ];
    const committed = { name: 'FrameCommittedInBrowser', ph: 'I', pid: 99, tid: 1, ts: 0, args: { data: { url: 'http://acme.localhost:3000/', processId: MAIN.pid } } };
    expect(mainThreadOf([...events, committed], 0).taskMs).toBe(10);
    // Without a commit, the main frame's process when tracing started.
    const started = { name: 'TracingStartedInBrowser', ph: 'I', pid: 99, tid: 1, ts: 0, args: { data: { frames: [{ processId: MAIN.pid, isOutermostMainFrame: true }] } } };
    expect(mainThreadOf([...events, started], 0).taskMs).toBe(10);
    // A trace that names no process counts every renderer.
    expect(mainThreadOf(events, 0).taskMs).toBe(80);
  });

  it('counts a child that outlasts its parent only within the parent’s span', () => {
    const run = mainThreadOf([...THREADS, span('RunTask', 0, 10), span('Layout', 6, 20)], 0);
    expect(run.byGroup['style and layout']).toBe(4);
    expect(run.byGroup['other']).toBe(6);
    expect(Object.values(run.byGroup).every((ms) => ms >= 0)).toBe(true);
  });

  it('counts blocking time at 4x for tasks after the first contentful paint only', () => {
    const run = mainThreadOf(
      [
        ...THREADS,
        // Before the paint: 30 ms would block 70 ms at 4x, but does not count.
        span('RunTask', 0, 30),
        { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 40_000 },
        // 20 ms is 80 ms at 4x: 30 ms past 50. 12 ms is 48 ms at 4x: not long.
        span('RunTask', 50, 20),
        span('RunTask', 80, 12),
      ],
      0,
    );
    expect(run.longTasks).toBe(1);
    expect(run.blockingAt4xMs).toBe(30);
  });
});
