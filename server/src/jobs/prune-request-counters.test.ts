import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCounters } from '../db/schema.ts';
import { countRequest } from '../plugins/rate-limit.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { pruneRequestCounters } from './prune-request-counters.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('pruneRequestCounters', () => {
  it('deletes ended windows and keeps the current and previous one', async () => {
    const minute = 60_000;
    const now = Date.now() - (Date.now() % minute);
    await countRequest(t.db, 'api|10.0.0.1', new Date(now));
    await countRequest(t.db, 'api|10.0.0.1', new Date(now - minute));
    await countRequest(t.db, 'api|10.0.0.1', new Date(now - 10 * minute));
    await countRequest(t.db, 'api|10.0.0.2', new Date(now - 60 * minute));

    expect(await pruneRequestCounters(t.db)).toBe(2);
    const left = await t.db.select().from(requestCounters);
    expect(left.map((row) => row.windowStart.getTime()).sort()).toEqual([now - minute, now]);
  });
});
