import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './settle-within.ts';

describe('settleWithin', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the value of a promise that settles in time', async () => {
    const outcome = settleWithin(Promise.resolve('ready'), 2500);
    await expect(outcome).resolves.toEqual({ status: 'fulfilled', value: 'ready' });
  });

  it('turns a rejection into an outcome', async () => {
    const failure = new Error('no parent');
    await expect(settleWithin(Promise.reject(failure), 2500)).resolves.toEqual({ status: 'rejected', reason: failure });
  });

  it('times out exactly at the deadline, not before', async () => {
    let outcome: unknown;
    void settleWithin(new Promise<never>(() => undefined), 2500).then((value) => {
      outcome = value;
    });
    await vi.advanceTimersByTimeAsync(2499);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ status: 'timed-out' });
  });

  it('ignores a value that arrives after the deadline', async () => {
    let resolveLate: (value: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => {
      resolveLate = resolve;
    });
    const outcome = settleWithin(late, 100);
    await vi.advanceTimersByTimeAsync(100);
    resolveLate('too late');
    await expect(outcome).resolves.toEqual({ status: 'timed-out' });
  });
});
