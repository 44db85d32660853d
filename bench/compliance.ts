/**
 * The compliance budget (ARCHITECTURE.md "Budgets"): a 3,000-character caption checked against
 * 10,000 terms in under 1 ms, median of many runs, with the terms compiled once. Beside it, in
 * the same run, the naive way: one case-insensitive regular expression per term, compiled once
 * too, each run over the caption.
 */
import { compileTerms } from '@chorus/core';

/** The budget: median milliseconds per check. */
export const COMPLIANCE_BUDGET_MS = 1;

/** What the compliance benchmark measured. */
export interface ComplianceReport {
  terms: number;
  captionLength: number;
  compileMs: number;
  /** Median and 99th percentile of one check with the compiled automaton. */
  medianMs: number;
  p99Ms: number;
  runs: number;
  /** Median of one check with one regular expression per term. */
  naiveMedianMs: number;
  naiveRuns: number;
  /** Terms found by each, which must agree. */
  found: number;
  naiveFound: number;
}

/** A small deterministic random source (mulberry32), so every run checks the same caption. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzéüñ';

function word(next: () => number, min: number, max: number): string {
  const length = min + Math.floor(next() * (max - min + 1));
  let text = '';
  for (let i = 0; i < length; i += 1) text += LETTERS.charAt(Math.floor(next() * LETTERS.length));
  return text;
}

/** 10,000 terms (one in five of two words) and a caption of ordinary words with some terms in it. */
export function complianceDataset(termCount: number, captionLength: number): { terms: string[]; caption: string } {
  const next = random(20_261_125);
  const terms = new Set<string>();
  while (terms.size < termCount) terms.add(next() < 0.2 ? `${word(next, 3, 8)} ${word(next, 3, 8)}` : word(next, 4, 12));
  const list = [...terms];
  const parts: string[] = [];
  let length = 0;
  while (length < captionLength) {
    const piece = next() < 0.03 ? (list[Math.floor(next() * list.length)] ?? 'term').toUpperCase() : word(next, 2, 9);
    const separator = next() < 0.1 ? ', ' : ' ';
    parts.push(piece, separator);
    length += piece.length + separator.length;
  }
  return { terms: list, caption: parts.join('').slice(0, captionLength) };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Runs both matchers on the same caption and terms. */
export function runComplianceBench(options: { terms?: number; captionLength?: number; runs?: number; naiveRuns?: number } = {}): ComplianceReport {
  const { terms, caption } = complianceDataset(options.terms ?? 10_000, options.captionLength ?? 3_000);
  const half = Math.floor(terms.length / 2);
  const lists = { prohibited: terms.slice(0, half), limited: terms.slice(half) };

  const compileStart = performance.now();
  const matcher = compileTerms(lists);
  const compileMs = performance.now() - compileStart;

  const runs = options.runs ?? 2_000;
  // Warm up the JIT before measuring, as a server answering many checks would be.
  let found = 0;
  for (let i = 0; i < 200; i += 1) found = new Set(matcher.find(caption).map((m) => m.term)).size;
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    matcher.check(caption, 3);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);

  // The naive matcher: one regular expression per term, whole words by look-around.
  const naive = [...lists.prohibited, ...lists.limited].map(
    (term) => [term, new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${escapeRegExp(term).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}\\p{M}])`, 'giu')] as const,
  );
  const naiveCheck = (text: string): Set<string> => {
    const hits = new Set<string>();
    const normalised = text.normalize('NFKC');
    for (const [term, pattern] of naive) {
      pattern.lastIndex = 0;
      if (pattern.test(normalised)) hits.add(term);
    }
    return hits;
  };
  const naiveRuns = options.naiveRuns ?? 30;
  let naiveFound = naiveCheck(caption).size;
  const naiveTimes: number[] = [];
  for (let i = 0; i < naiveRuns; i += 1) {
    const start = performance.now();
    naiveFound = naiveCheck(caption).size;
    naiveTimes.push(performance.now() - start);
  }
  naiveTimes.sort((a, b) => a - b);

  return {
    terms: terms.length,
    captionLength: caption.length,
    compileMs,
    medianMs: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    runs,
    naiveMedianMs: percentile(naiveTimes, 0.5),
    naiveRuns,
    found,
    naiveFound,
  };
}
