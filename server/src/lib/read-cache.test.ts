import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCacheGeneration } from './cache-generation.ts';
import { ReadCache, REFRESH_SHARE_MAX, REFRESH_SHARE_MIN, type RefreshOutcome } from './read-cache.ts';

const ACME = 1;
const GLOBEX = 2;

/** A cache whose entries are refreshed after half their life (`refreshShare`; null: the drawn default). */
function cache(
  ttlMs = 1000,
  maxWeight = 100,
  refreshingMax?: number,
  refreshShare: (() => number) | null = () => 0.5,
): { generation: LocalCacheGeneration; cache: ReadCache<string>; refreshes: RefreshOutcome[] } {
  const generation = new LocalCacheGeneration();
  const refreshes: RefreshOutcome[] = [];
  const options = { ttlMs, maxWeight, weigh: (v: unknown) => String(v).length, refreshingMax, refreshShare: refreshShare ?? undefined, onRefresh: (outcome: RefreshOutcome) => refreshes.push(outcome) };
  return { generation, cache: new ReadCache<string>(generation, options), refreshes };
}

/** A computation the test finishes. */
function pending(): { compute: () => Promise<string>; calls: () => number; finish: (value: string) => void; fail: () => void } {
  let calls = 0;
  let resolve: (value: string) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  return {
    compute: () => {
      calls += 1;
      return new Promise<string>((res, rej) => {
        resolve = res;
        reject = rej;
      });
    },
    calls: () => calls,
    finish: (value) => resolve(value),
    fail: () => reject(new Error('down')),
  };
}

/** Lets settled promises' callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadCache', () => {
  it('computes once and reuses the value within the time limit', async () => {
    const { cache: c } = cache();
    const compute = vi.fn(async () => 'value');
    expect(await c.get(ACME, 'k', compute)).toBe('value');
    expect(await c.get(ACME, 'k', compute)).toBe('value');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes again once the time limit has passed', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c } = cache(1000, 100, 0);
    let n = 0;
    const compute = async () => `v${++n}`;
    expect(await c.get(ACME, 'k', compute)).toBe('v1');
    vi.setSystemTime(999);
    expect(await c.get(ACME, 'k', compute)).toBe('v1');
    vi.setSystemTime(1000);
    expect(await c.get(ACME, 'k', compute)).toBe('v2');
  });

  it("retires a company's entries when that company writes, and no other company's", async () => {
    const { cache: c, generation } = cache();
    let n = 0;
    const compute = async () => `v${++n}`;
    await c.get(ACME, 'acme:a', compute);
    await c.get(GLOBEX, 'globex:a', compute);
    generation.bump(ACME);
    expect(await c.get(ACME, 'acme:a', compute)).toBe('v3');
    expect(await c.get(GLOBEX, 'globex:a', compute)).toBe('v2');
  });

  it('retires every company’s entries on a write that concerns them all', async () => {
    const { cache: c, generation } = cache();
    let n = 0;
    const compute = async () => `v${++n}`;
    await c.get(ACME, 'acme:a', compute);
    await c.get(GLOBEX, 'globex:a', compute);
    generation.bump(null);
    expect(await c.get(ACME, 'acme:a', compute)).toBe('v3');
    expect(await c.get(GLOBEX, 'globex:a', compute)).toBe('v4');
    // A company's write after that still retires only its own.
    generation.bump(GLOBEX);
    expect(await c.get(ACME, 'acme:a', compute)).toBe('v3');
    expect(await c.get(GLOBEX, 'globex:a', compute)).toBe('v5');
  });

  it('does not keep a value computed across a write as current', async () => {
    const { cache: c, generation } = cache();
    let release: (v: string) => void = () => undefined;
    const slow = c.get(ACME, 'k', () => new Promise<string>((resolve) => (release = resolve)));
    generation.bump(ACME);
    release('before the write');
    expect(await slow).toBe('before the write');
    expect(await c.get(ACME, 'k', async () => 'after the write')).toBe('after the write');
  });

  it('shares one computation between concurrent misses', async () => {
    const { cache: c } = cache();
    const compute = vi.fn(async () => 'once');
    const values = await Promise.all([c.get(ACME, 'k', compute), c.get(ACME, 'k', compute), c.get(ACME, 'k', compute)]);
    expect(values).toEqual(['once', 'once', 'once']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: the next read computes again', async () => {
    const { cache: c } = cache();
    await expect(c.get(ACME, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.get(ACME, 'k', async () => 'up')).toBe('up');
  });

  it('drops the oldest entries beyond its weight', async () => {
    const { cache: c } = cache(1000, 10);
    await c.get(ACME, 'a', async () => '12345');
    await c.get(ACME, 'b', async () => '12345');
    await c.get(ACME, 'c', async () => '12345');
    expect(c.size).toBe(2);
    const recompute = vi.fn(async () => 'again');
    expect(await c.get(ACME, 'a', recompute)).toBe('again');
    expect(recompute).toHaveBeenCalledTimes(1);
  });

  it('computes the missing keys of a batch in one call, and keeps each for later reads', async () => {
    const { cache: c } = cache();
    const batches: string[][] = [];
    const compute = async (keys: string[]) => {
      batches.push(keys);
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    };
    expect([...(await c.getMany(ACME, ['a', 'b'], compute))]).toEqual([['a', 'A'], ['b', 'B']]);
    expect([...(await c.getMany(ACME, ['c', 'b', 'a', 'c'], compute))]).toEqual([['c', 'C'], ['b', 'B'], ['a', 'A']]);
    expect(batches).toEqual([['a', 'b'], ['c']]);
    expect(await c.get(ACME, 'a', async () => 'not read')).toBe('A');
  });

  it('shares a batch between concurrent reads, and retires its keys on a write of their company', async () => {
    const { generation, cache: c } = cache();
    let calls = 0;
    const compute = async (keys: string[]) => {
      calls += 1;
      await Promise.resolve();
      return new Map(keys.map((key) => [key, `${key}${calls}`]));
    };
    const [one, two] = await Promise.all([c.getMany(ACME, ['a', 'b'], compute), c.getMany(ACME, ['b', 'a'], compute)]);
    expect([one.get('a'), two.get('a'), two.get('b')]).toEqual(['a1', 'a1', 'b1']);
    expect(calls).toBe(1);
    generation.bump(GLOBEX);
    expect((await c.getMany(ACME, ['a'], compute)).get('a')).toBe('a1');
    generation.bump(ACME);
    expect((await c.getMany(ACME, ['a'], compute)).get('a')).toBe('a2');
  });

  it('keeps nothing of a batch that fails or leaves out a key', async () => {
    const { cache: c } = cache();
    await expect(c.getMany(ACME, ['a'], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(c.getMany(ACME, ['a', 'b'], async () => new Map([['a', 'A']]))).rejects.toThrow('a batch computation left out b');
    expect(c.size).toBe(0);
    expect((await c.getMany(ACME, ['a', 'b'], async (keys) => new Map(keys.map((key) => [key, 'up'])))).get('b')).toBe('up');
  });

  it('computes every key of a batch with a time limit of 0', async () => {
    const { cache: c } = cache(0);
    const compute = vi.fn(async (keys: string[]) => new Map(keys.map((key) => [key, 'fresh'])));
    await c.getMany(ACME, ['a', 'b'], compute);
    await c.getMany(ACME, ['a', 'b'], compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(compute).toHaveBeenLastCalledWith(['a', 'b']);
    expect(c.size).toBe(0);
  });

  it('is off with a time limit of 0', async () => {
    const { cache: c } = cache(0);
    const compute = vi.fn(async () => 'fresh');
    await c.get(ACME, 'k', compute);
    await c.get(ACME, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(c.size).toBe(0);
    expect(c.enabled).toBe(false);
    expect(cache(1).cache.enabled).toBe(true);
  });

  it('answers from an entry in the second half of its life while computing it again in the background', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c, refreshes } = cache(1000);
    expect(await c.get(ACME, 'k', async () => 'v1')).toBe('v1');
    const next = pending();
    vi.setSystemTime(499);
    expect(await c.get(ACME, 'k', next.compute)).toBe('v1');
    expect(next.calls()).toBe(0);
    vi.setSystemTime(500);
    expect(await c.get(ACME, 'k', next.compute)).toBe('v1');
    expect(await c.get(ACME, 'k', next.compute)).toBe('v1');
    // One refresh per entry, however many reads come while it runs.
    expect(next.calls()).toBe(1);
    next.finish('v2');
    await settle();
    expect(refreshes).toEqual(['replaced']);
    // The new value lives its own time limit from when it was started.
    vi.setSystemTime(1400);
    expect(await c.get(ACME, 'k', async () => 'v3')).toBe('v2');
  });

  it('never answers from an entry past its time limit, even while its refresh runs', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c, refreshes } = cache(1000);
    await c.get(ACME, 'k', async () => 'v1');
    const slow = pending();
    vi.setSystemTime(600);
    expect(await c.get(ACME, 'k', slow.compute)).toBe('v1');
    vi.setSystemTime(1000);
    expect(await c.get(ACME, 'k', async () => 'v2')).toBe('v2');
    // The refresh that ends after that does not replace the newer value.
    slow.finish('late');
    await settle();
    expect(refreshes).toEqual(['overtaken']);
    expect(await c.get(ACME, 'k', async () => 'v3')).toBe('v2');
  });

  it('retires a refresh that started before a write of its company', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c, generation } = cache(1000);
    await c.get(ACME, 'k', async () => 'v1');
    const refresh = pending();
    vi.setSystemTime(700);
    expect(await c.get(ACME, 'k', refresh.compute)).toBe('v1');
    generation.bump(ACME);
    refresh.finish('read before the write');
    await settle();
    expect(await c.get(ACME, 'k', async () => 'after the write')).toBe('after the write');
  });

  it('keeps answering from the entry when its refresh fails, until its time limit', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c, refreshes } = cache(1000);
    await c.get(ACME, 'k', async () => 'v1');
    const failing = pending();
    vi.setSystemTime(700);
    expect(await c.get(ACME, 'k', failing.compute)).toBe('v1');
    failing.fail();
    await settle();
    expect(refreshes).toEqual(['failed']);
    expect(await c.get(ACME, 'k', () => Promise.reject(new Error('still down')))).toBe('v1');
    vi.setSystemTime(1000);
    await expect(c.get(ACME, 'k', () => Promise.reject(new Error('still down')))).rejects.toThrow('still down');
    expect(await c.get(ACME, 'k', async () => 'up')).toBe('up');
  });

  it('refreshes a few entries at a time', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c } = cache(1000, 100, 2);
    for (const key of ['a', 'b', 'c']) await c.get(ACME, key, async () => `${key}1`);
    const refresh = pending();
    vi.setSystemTime(600);
    for (const key of ['a', 'b', 'c']) expect(await c.get(ACME, key, refresh.compute)).toBe(`${key}1`);
    expect(refresh.calls()).toBe(2);
    // Once one is done, the next read of the third starts its refresh.
    refresh.finish('done');
    await settle();
    expect(await c.get(ACME, 'c', refresh.compute)).toBe('c1');
    expect(refresh.calls()).toBe(3);
  });

  it('refreshes each entry after its own share of the time limit, late and spread between two bounds', async () => {
    vi.useFakeTimers({ now: 0 });
    const ttl = 10_000;
    const { cache: c } = cache(ttl, 10_000, 1000, null);
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`);
    for (const key of keys) await c.get(ACME, key, async () => 'v1');
    // Read every entry at each step; note when a read first started its refresh.
    const refreshedAt = new Map<string, number>();
    for (let t = 0; t < ttl; t += 100) {
      vi.setSystemTime(t);
      for (const key of keys) {
        await c.get(ACME, key, () => {
          if (!refreshedAt.has(key)) refreshedAt.set(key, t);
          return new Promise<string>(() => undefined);
        });
      }
    }
    const times = [...refreshedAt.values()];
    // Every busy entry is refreshed once, never before the earliest share nor after the latest.
    expect(times).toHaveLength(keys.length);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(ttl * REFRESH_SHARE_MIN);
    expect(Math.max(...times)).toBeLessThanOrEqual(ttl * REFRESH_SHARE_MAX + 100);
    // Entries computed in the same moment come up for refresh at many different times.
    expect(new Set(times).size).toBeGreaterThan(10);
  });

  it('refreshes up to four entries at a time by default', async () => {
    vi.useFakeTimers({ now: 0 });
    const { cache: c } = cache(1000, 100);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await c.get(ACME, key, async () => `${key}1`);
    const refresh = pending();
    vi.setSystemTime(600);
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(await c.get(ACME, key, refresh.compute)).toBe(`${key}1`);
    expect(refresh.calls()).toBe(4);
  });
});
