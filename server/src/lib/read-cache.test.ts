import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCacheGeneration } from './cache-generation.ts';
import { ReadCache } from './read-cache.ts';

const ACME = 1;
const GLOBEX = 2;

function cache(ttlMs = 1000, maxWeight = 100): { generation: LocalCacheGeneration; cache: ReadCache<string> } {
  const generation = new LocalCacheGeneration();
  return { generation, cache: new ReadCache<string>(generation, { ttlMs, maxWeight, weigh: (v) => String(v).length }) };
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
    const { cache: c } = cache(1000);
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
});
