import { describe, expect, it } from 'vitest';
import { ComplianceSessions } from './compliance-sessions.ts';

describe('ComplianceSessions', () => {
  it('uses only the answer to the latest check', () => {
    const sessions = new ComplianceSessions('t');
    const first = sessions.next();
    const second = sessions.next();
    expect(first).not.toBe(second);
    expect(sessions.isLatest(first)).toBe(false);
    expect(sessions.isLatest(second)).toBe(true);
  });

  it('uses none once cleared', () => {
    const sessions = new ComplianceSessions('t');
    const index = sessions.next();
    sessions.clear();
    expect(sessions.isLatest(index)).toBe(false);
  });
});
