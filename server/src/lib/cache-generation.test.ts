import { describe, expect, it } from 'vitest';
import { cachePayload, parseCachePayload } from './cache-generation.ts';

describe('cache notices', () => {
  it('name the company (or every company) and the process that wrote', () => {
    expect(parseCachePayload(cachePayload(42, 'proc_A-1'))).toEqual({ companyId: 42, origin: 'proc_A-1' });
    expect(parseCachePayload(cachePayload(null, 'proc'))).toEqual({ companyId: null, origin: 'proc' });
  });

  it("read an earlier release's notices, which name no process", () => {
    expect(parseCachePayload('42')).toEqual({ companyId: 42, origin: null });
    expect(parseCachePayload('*')).toEqual({ companyId: null, origin: null });
  });

  it('take anything unexpected as a change of every company, from another process', () => {
    for (const payload of [undefined, '', 'x:proc', '0:proc', '-1:proc', '1.5', '99999999999999999:proc']) {
      expect(parseCachePayload(payload).companyId, String(payload)).toBeNull();
    }
    expect(parseCachePayload('7:')).toEqual({ companyId: 7, origin: null });
    expect(parseCachePayload('7:not a name')).toEqual({ companyId: 7, origin: null });
  });
});
