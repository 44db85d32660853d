import { describe, expect, it } from 'vitest';
import { writeClipboard } from './use-copy-link.ts';

describe('writeClipboard', () => {
  it('copies through the clipboard', async () => {
    const written: string[] = [];
    expect(await writeClipboard('https://acme.example/r/abc', { writeText: async (text) => void written.push(text) })).toBeNull();
    expect(written).toEqual(['https://acme.example/r/abc']);
  });
  it('reports a browser without a clipboard as unsupported', async () => {
    expect(await writeClipboard('x', undefined)).toBe('unsupported');
  });
  it('reports a refused write as a copy failure', async () => {
    expect(await writeClipboard('x', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) })).toBe('copyFailed');
  });
});
