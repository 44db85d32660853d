import { describe, expect, it, vi } from 'vitest';
// Imported once for the file (an import inside a test counts against its 5 s on a busy machine).
import { apiErrorFrom, ErrorCode, FeedResponse, parseShareFlowType, PostResponse } from '@chorus/core';
import { z } from './zod-unchecked.ts';

// The production browser build resolves zod to the inert stub; so does this file (vi.mock is
// hoisted above the imports, so @chorus/core's schemas are built with the stub).
vi.mock('zod', async () => import('./zod-unchecked.ts'));

describe('zod-unchecked (the production browser build has no response checking)', () => {
  it('hands every response back unchanged from any schema the contract builds', () => {
    const body = { objects: [{ id: 1, extra: 'kept' }], total_pages: 1, num_results: 1, page_num: 1 };
    expect(FeedResponse.safeParse(body)).toEqual({ success: true, data: body });
    expect(PostResponse.parse(null)).toBeNull();
  });

  it('is never taken for a promise, so an awaited schema does not hang', async () => {
    expect(await Promise.resolve(z)).toBe(z);
  });

  it('leaves the checks browser code relies on to plain code: share-flow types and error bodies', () => {
    expect(parseShareFlowType('9')).toBe(9);
    expect(parseShareFlowType('42')).toBeNull();
    const error = apiErrorFrom({ error: ErrorCode.UNKNOWN, message: 'Boom', issues: [{ path: 'a', message: 'b' }] }, 500);
    expect(error.message).toBe('Boom');
    expect(error.issues).toEqual([{ path: 'a', message: 'b' }]);
    expect(apiErrorFrom('<html>', 502).code).toBe(ErrorCode.UNKNOWN);
  });
});
