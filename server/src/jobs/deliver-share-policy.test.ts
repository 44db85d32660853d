import { describe, expect, it } from 'vitest';
import type { PublishOutcome } from '../connectors/types.ts';
import { decideDelivery, MAX_DELIVERY_ATTEMPTS, nextPacedStart, PERSON_PACING, RETRY_BASE_MS, RETRY_MAX_MS, retryDelayMs } from './deliver-share-policy.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('decideDelivery', () => {
  it.each<[string, PublishOutcome, string]>([
    ['published', { kind: 'published', networkPostId: '1', url: 'https://x.example/1' }, 'published'],
    ['duplicate fails with 661', { kind: 'duplicate', detail: 'dup' }, 'failed'],
    ['relink fails asking to relink', { kind: 'relink', detail: 'revoked' }, 'failed'],
    ['rejected fails', { kind: 'rejected', code: 664, detail: 'bad video' }, 'failed'],
    ['unconfirmed is never retried', { kind: 'unconfirmed', detail: 'timeout after send' }, 'unconfirmed'],
    ['retryable goes back to the queue', { kind: 'retryable', detail: 'ECONNREFUSED' }, 'retry'],
    ['rate limited goes back to the queue', { kind: 'rate_limited', retryAfterMs: 5_000, detail: '429' }, 'retry'],
  ])('%s', (_name, outcome, kind) => {
    expect(decideDelivery(outcome, 1, NOW).kind).toBe(kind);
  });

  it('gives the catalogue codes', () => {
    expect(decideDelivery({ kind: 'duplicate', detail: '' }, 1, NOW)).toMatchObject({ code: 661, relink: false });
    expect(decideDelivery({ kind: 'relink', detail: '' }, 1, NOW)).toMatchObject({ code: 418, relink: true });
    expect(decideDelivery({ kind: 'rejected', code: 664, detail: '' }, 1, NOW)).toMatchObject({ code: 664 });
  });

  it('comes back after Retry-After on a 429', () => {
    expect(decideDelivery({ kind: 'rate_limited', retryAfterMs: 90_000, detail: '' }, 2, NOW)).toEqual({
      kind: 'retry',
      at: new Date(NOW.getTime() + 90_000),
      detail: '',
    });
  });

  it('fails with 202 once the attempts are spent', () => {
    expect(decideDelivery({ kind: 'retryable', detail: 'refused' }, MAX_DELIVERY_ATTEMPTS, NOW)).toMatchObject({ kind: 'failed', code: 202 });
    expect(decideDelivery({ kind: 'rate_limited', retryAfterMs: 1, detail: '' }, MAX_DELIVERY_ATTEMPTS, NOW)).toMatchObject({ kind: 'failed' });
  });
});

describe('retryDelayMs', () => {
  it.each<[number, number, number]>([
    [1, 1, RETRY_BASE_MS],
    [2, 1, RETRY_BASE_MS * 2],
    [1, 0, RETRY_BASE_MS / 2],
    [20, 1, RETRY_MAX_MS],
  ])('attempt %i with draw %d', (attempt, draw, expected) => {
    expect(retryDelayMs(attempt, () => draw)).toBe(expected);
  });
});

describe('nextPacedStart', () => {
  const rule = { limit: 100, windowMs: 15 * 60_000 };
  const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

  it('keeps LinkedIn members to 150 shares a day', () => {
    expect(PERSON_PACING.linkedin).toEqual({ limit: 150, windowMs: 86_400_000 });
  });

  it('allows now under the limit', () => {
    expect(nextPacedStart(rule, Array.from({ length: 99 }, () => minutesAgo(1)), NOW)).toEqual(NOW);
  });

  it('waits until the oldest post of a full window leaves it', () => {
    const starts = [minutesAgo(10), ...Array.from({ length: 99 }, () => minutesAgo(1))];
    expect(nextPacedStart(rule, starts, NOW)).toEqual(new Date(NOW.getTime() + 5 * 60_000));
  });

  it('ignores posts older than the window', () => {
    expect(nextPacedStart(rule, Array.from({ length: 150 }, () => minutesAgo(16)), NOW)).toEqual(NOW);
  });
});
