import { describe, expect, it } from 'vitest';
import { COMPLIANCE_TERM_MAX } from '@chorus/core';
import { mergeTerms, parseThreshold, termProblem, termsFromFile } from './terms.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('termProblem', () => {
  it('refuses empty, too long and repeated terms, whatever their case', () => {
    expect(termProblem(['Crypto'], '   ')).toBe('empty');
    expect(termProblem([], 'x'.repeat(COMPLIANCE_TERM_MAX + 1))).toBe('tooLong');
    expect(termProblem([], ` ${'x'.repeat(COMPLIANCE_TERM_MAX)} `)).toBeNull();
    expect(termProblem(['Crypto'], ' crypto ')).toBe('repeated');
    expect(termProblem(['Crypto'], 'insider tip')).toBeNull();
  });
});

describe('mergeTerms', () => {
  it('adds each new term once, keeping the list first, and counts the repeats', () => {
    expect(mergeTerms(['Crypto', 'free'], ['FREE', 'insider tip', 'Insider Tip', 'best'])).toEqual({ list: ['Crypto', 'free', 'insider tip', 'best'], added: 2, repeated: 2 });
  });
});

describe('termsFromFile', () => {
  it('reads one term per line, skipping blanks, spaces and a byte-order mark, whatever the line ends', () => {
    expect(termsFromFile(bytes('\uFEFFcrypto\r\n\r\n  insider tip  \rgarantía\n'))).toEqual({ ok: true, terms: ['crypto', 'insider tip', 'garantía'] });
  });

  it('refuses a file that is not UTF-8 text', () => {
    expect(termsFromFile(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]))).toEqual({ ok: false, problem: 'encoding' });
  });

  it('names the first line past the term limit', () => {
    expect(termsFromFile(bytes(`ok\n\n${'x'.repeat(COMPLIANCE_TERM_MAX + 1)}\n`))).toEqual({ ok: false, problem: 'tooLong', line: 3 });
  });

  it('refuses a file without a term', () => {
    expect(termsFromFile(bytes(' \n\n'))).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('parseThreshold', () => {
  it('takes whole numbers from 0 to 1000', () => {
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold(' 12 ')).toBe(12);
    expect(parseThreshold('1000')).toBe(1000);
    expect(parseThreshold('1001')).toBeNull();
    expect(parseThreshold('-1')).toBeNull();
    expect(parseThreshold('1.5')).toBeNull();
    expect(parseThreshold('')).toBeNull();
  });
});
