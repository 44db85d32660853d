/**
 * The compliance lists as the admin edits them: adding terms (typed, or a text file of one term
 * per line) without repeats, compared as the server and the matcher compare them (case aside).
 */
import { COMPLIANCE_LIST_MAX, COMPLIANCE_TERM_MAX, COMPLIANCE_THRESHOLD_MAX } from '@chorus/core';

/** Why a typed term cannot be added. */
export type TermProblem = 'empty' | 'tooLong' | 'repeated' | 'full';

/** What is wrong with a term typed into a list, or null when it can be added. */
export function termProblem(list: readonly string[], typed: string): TermProblem | null {
  const term = typed.trim();
  if (term === '') return 'empty';
  if (term.length > COMPLIANCE_TERM_MAX) return 'tooLong';
  if (list.some((existing) => existing.toLowerCase() === term.toLowerCase())) return 'repeated';
  if (list.length >= COMPLIANCE_LIST_MAX) return 'full';
  return null;
}

/** The list with `terms` added after it, each once: how many were new, and how many it held already. */
export function mergeTerms(list: readonly string[], terms: readonly string[]): { list: string[]; added: number; repeated: number } {
  const seen = new Set(list.map((term) => term.toLowerCase()));
  const merged = [...list];
  let repeated = 0;
  for (const term of terms) {
    const key = term.toLowerCase();
    if (seen.has(key)) {
      repeated += 1;
      continue;
    }
    seen.add(key);
    merged.push(term);
  }
  return { list: merged, added: merged.length - list.length, repeated };
}

/** A text file's terms, or why it cannot be read: not UTF-8, a line past the term limit, no term at all, more than a list holds. */
export type TermsFile = { ok: true; terms: string[] } | { ok: false; problem: 'encoding' | 'empty' | 'tooMany' } | { ok: false; problem: 'tooLong'; line: number };

/** One term per line; blank lines are skipped, spaces around a term dropped, a byte-order mark ignored. */
export function termsFromFile(bytes: Uint8Array): TermsFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, problem: 'encoding' };
  }
  const terms: string[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (const [index, line] of lines.entries()) {
    const term = line.trim();
    if (term === '') continue;
    if (term.length > COMPLIANCE_TERM_MAX) return { ok: false, problem: 'tooLong', line: index + 1 };
    terms.push(term);
  }
  if (terms.length === 0) return { ok: false, problem: 'empty' };
  if (terms.length > COMPLIANCE_LIST_MAX) return { ok: false, problem: 'tooMany' };
  return { ok: true, terms };
}

/** The threshold field's value as a number, or null when it is not a whole number from 0 to the limit. */
export function parseThreshold(value: string): number | null {
  if (!/^\d{1,4}$/.test(value.trim())) return null;
  const threshold = Number(value.trim());
  return threshold <= COMPLIANCE_THRESHOLD_MAX ? threshold : null;
}
