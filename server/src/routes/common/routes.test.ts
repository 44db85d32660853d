import { TimezoneListResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTimezoneList, offsetMinutes } from '../../lib/timezones.ts';
import { createTestContext, get, type TestContext } from '../../test/app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/v1/common/timezone', () => {
  it('lists every zone with UTC, sorted by offset then name, without a session', async () => {
    const res = await get(t.app, 'app', '/api/v1/common/timezone');
    expect(res.statusCode).toBe(200);
    const zones = TimezoneListResponse.parse(res.json());
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z) => z.value === 'UTC')).toEqual({ name: '(UTC+00:00) UTC', value: 'UTC', offset: 0 });
    for (let i = 1; i < zones.length; i += 1) {
      const [a, b] = [zones[i - 1], zones[i]];
      if (!a || !b) continue;
      expect(a.offset < b.offset || (a.offset === b.offset && a.value < b.value)).toBe(true);
    }
  });
});

describe('time-zone offsets', () => {
  it.each([
    { zone: 'America/New_York', at: '2026-01-15T12:00:00Z', offset: -300, name: '(UTC-05:00) America/New_York' },
    { zone: 'America/New_York', at: '2026-07-15T12:00:00Z', offset: -240, name: '(UTC-04:00) America/New_York' },
    { zone: 'Asia/Kolkata', at: '2026-01-15T12:00:00Z', offset: 330, name: '(UTC+05:30) Asia/Kolkata' },
    { zone: 'Asia/Kathmandu', at: '2026-01-15T12:00:00Z', offset: 345, name: '(UTC+05:45) Asia/Kathmandu' },
  ])('$zone at $at is $offset minutes', ({ zone, at, offset, name }) => {
    expect(offsetMinutes(zone, new Date(at))).toBe(offset);
    expect(buildTimezoneList(new Date(at)).find((z) => z.value === zone)?.name).toBe(name);
  });
});
