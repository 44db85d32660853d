/**
 * Compliance matching (content-library spec 3 "Compliance result", 5 "Compliance";
 * ARCHITECTURE budget: a 3,000-character caption against 10,000 terms in under 1 ms).
 *
 * The company's prohibited and limited terms are compiled once into one Aho-Corasick automaton
 * over their normalised form (normalise.ts), and a caption is checked in one pass over its
 * normalised text, whatever the number of terms. A match counts only as a whole word: the
 * characters just before and after it may not be letters, digits or combining marks (Unicode
 * \p{L}, \p{N}, \p{M}; the spec's "letter, digit or Latin-1 accented letter", where accented
 * letters are letters too, written precomposed or with combining accents). Anything else is
 * an edge: white space, punctuation, symbols, emoji, the start and the end of the text. Terms
 * may hold several words (any white space in the caption matches one space of the term), and
 * terms may overlap: every occurrence of every term is found.
 */
import { ComplianceType } from '../domain/enums.ts';
import { isWordCodePoint, normaliseTerm, normaliseText } from './normalise.ts';

/** Which list a term is on. */
export type ComplianceKind = 'prohibited' | 'limited';

/** A company's term lists. */
export interface ComplianceTerms {
  readonly prohibited: readonly string[];
  readonly limited: readonly string[];
}

/** One occurrence of a term in a caption: its original range [start, end) in UTF-16 units. */
export interface ComplianceMatch {
  start: number;
  end: number;
  /** The term as the list spells it. */
  term: string;
  kind: ComplianceKind;
}

/** The result of checking a caption (the spec's compliance result, plus where each term is). */
export interface ComplianceCheck {
  /** null valid, 0 limited terms present, 1 a prohibited term present, 2 threshold exceeded. */
  type_id: ComplianceType | null;
  /** Limited terms found, as the list spells them, in order of first appearance. */
  content_limited_set: string[];
  /** Prohibited terms found, likewise. */
  content_prohibited_set: string[];
  /** Every occurrence, by start (then longest first), for marking the caption. */
  matches: ComplianceMatch[];
}

/** A compiled set of terms. */
export interface ComplianceMatcher {
  /** Distinct normalised terms compiled. */
  readonly termCount: number;
  /** Every whole-word occurrence of every term. */
  find(text: string): ComplianceMatch[];
  /**
   * The compliance result: 1 when a prohibited term is present; else 2 when more limited terms
   * are used than `threshold` allows; else 0 when a limited term is present; else null. Empty
   * text is valid.
   */
  check(text: string, threshold: number): ComplianceCheck;
}

/** True unless the result forbids sharing (type 1 or 2); null and 0 are valid. */
export function isComplianceValid(typeId: ComplianceType | null): boolean {
  return typeId !== ComplianceType.PROHIBITED && typeId !== ComplianceType.THRESHOLD;
}

/**
 * How many limited terms a caption uses: each occurrence counts, except one lying wholly
 * inside another counted one ('free' inside 'free money' is one use, not two).
 */
export function countLimitedUses(matches: readonly ComplianceMatch[]): number {
  const limited = matches.filter((m) => m.kind === 'limited').sort((a, b) => a.start - b.start || b.end - a.end);
  let count = 0;
  let coveredTo = -1;
  for (const match of limited) {
    if (match.end <= coveredTo) continue;
    count += 1;
    coveredTo = match.end;
  }
  return count;
}

/** The automaton in flat arrays: edges of state s are [edgeStart[s], edgeStart[s + 1]). */
interface Automaton {
  /** Dense transitions of the root, by UTF-16 unit (-1: stay at the root). */
  root: Int32Array;
  edgeStart: Int32Array;
  edgeLabel: Uint16Array;
  edgeTarget: Int32Array;
  fail: Int32Array;
  /** The term index ending at each state, or -1. */
  output: Int32Array;
  /** The nearest state down the fail chain that has an output, or -1. */
  dictionary: Int32Array;
  /** The normalised length of each term. */
  termLength: Int32Array;
}

interface CompiledTerm {
  normalised: string;
  spelling: string;
  kind: ComplianceKind;
}

/** Distinct terms: a term on both lists is prohibited, the stricter reading. */
function distinctTerms(terms: ComplianceTerms): CompiledTerm[] {
  const byForm = new Map<string, CompiledTerm>();
  for (const [kind, list] of [
    ['prohibited', terms.prohibited],
    ['limited', terms.limited],
  ] as const) {
    for (const spelling of list) {
      const normalised = normaliseTerm(spelling);
      if (normalised === '' || byForm.has(normalised)) continue;
      byForm.set(normalised, { normalised, spelling: spelling.trim(), kind });
    }
  }
  return [...byForm.values()];
}

function build(terms: readonly CompiledTerm[]): Automaton {
  // The trie, built with one map per state, then flattened.
  const children: Map<number, number>[] = [new Map()];
  const output: number[] = [-1];
  terms.forEach((term, index) => {
    let state = 0;
    for (let i = 0; i < term.normalised.length; i += 1) {
      const unit = term.normalised.charCodeAt(i);
      const edges = children[state] ?? new Map<number, number>();
      let next = edges.get(unit);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        output.push(-1);
        edges.set(unit, next);
      }
      state = next;
    }
    output[state] = index;
  });
  const count = children.length;
  const fail = new Int32Array(count);
  const dictionary = new Int32Array(count).fill(-1);
  const step = (state: number, unit: number): number => {
    let s = state;
    for (;;) {
      const next = children[s]?.get(unit);
      if (next !== undefined) return next;
      if (s === 0) return 0;
      s = fail[s] ?? 0;
    }
  };
  // Breadth first, so each state's fail target is finished before the state.
  const queue: number[] = [];
  for (const child of children[0]?.values() ?? []) queue.push(child);
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head] ?? 0;
    for (const [unit, child] of children[state] ?? []) {
      const target = state === 0 ? 0 : step(fail[state] ?? 0, unit);
      fail[child] = target;
      dictionary[child] = (output[target] ?? -1) >= 0 ? target : (dictionary[target] ?? -1);
      queue.push(child);
    }
  }
  const edgeStart = new Int32Array(count + 1);
  let edges = 0;
  for (let s = 0; s < count; s += 1) {
    edgeStart[s] = edges;
    edges += children[s]?.size ?? 0;
  }
  edgeStart[count] = edges;
  const edgeLabel = new Uint16Array(edges);
  const edgeTarget = new Int32Array(edges);
  const root = new Int32Array(0x10000).fill(-1);
  for (let s = 0; s < count; s += 1) {
    let k = edgeStart[s] ?? 0;
    for (const [unit, child] of [...(children[s] ?? [])].sort((a, b) => a[0] - b[0])) {
      edgeLabel[k] = unit;
      edgeTarget[k] = child;
      k += 1;
      if (s === 0) root[unit] = child;
    }
  }
  return {
    root,
    edgeStart,
    edgeLabel,
    edgeTarget,
    fail,
    output: Int32Array.from(output),
    dictionary,
    termLength: Int32Array.from(terms.map((t) => t.normalised.length)),
  };
}

/** The state after reading `unit` in `state`, or -1 when it has no such edge. */
function edge(a: Automaton, state: number, unit: number): number {
  if (state === 0) return a.root[unit] ?? -1;
  const end = a.edgeStart[state + 1] ?? 0;
  for (let k = a.edgeStart[state] ?? 0; k < end; k += 1) {
    const label = a.edgeLabel[k] ?? 0;
    if (label === unit) return a.edgeTarget[k] ?? -1;
    // Labels are sorted: past the unit there is nothing to find.
    if (label > unit) return -1;
  }
  return -1;
}

/** The code point ending just before `index` in the units, or -1 at the start. */
function codePointBefore(units: Uint16Array, index: number): number {
  if (index <= 0) return -1;
  const low = units[index - 1] ?? 0;
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = units[index - 2] ?? 0;
    if (high >= 0xd800 && high <= 0xdbff) return ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** The code point starting at `index` in the units, or -1 at the end. */
function codePointAt(units: Uint16Array, index: number): number {
  if (index >= units.length) return -1;
  const high = units[index] ?? 0;
  if (high >= 0xd800 && high <= 0xdbff && index + 1 < units.length) {
    const low = units[index + 1] ?? 0;
    if (low >= 0xdc00 && low <= 0xdfff) return ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }
  return high;
}

/** Compiles the lists once; the matcher then checks any number of captions. */
export function compileTerms(terms: ComplianceTerms): ComplianceMatcher {
  const compiled = distinctTerms(terms);
  const automaton = build(compiled);

  function find(text: string): ComplianceMatch[] {
    if (compiled.length === 0 || text === '') return [];
    const { units, starts, ends } = normaliseText(text);
    const a = automaton;
    const matches: ComplianceMatch[] = [];
    let state = 0;
    for (let i = 0; i < units.length; i += 1) {
      const unit = units[i] ?? 0;
      let next = edge(a, state, unit);
      while (next < 0 && state !== 0) {
        state = a.fail[state] ?? 0;
        next = edge(a, state, unit);
      }
      state = next < 0 ? 0 : next;
      let hit = (a.output[state] ?? -1) >= 0 ? state : (a.dictionary[state] ?? -1);
      while (hit >= 0) {
        const index = a.output[hit] ?? -1;
        const from = i + 1 - (a.termLength[index] ?? 0);
        const to = i + 1;
        const term = compiled[index];
        // Whole words only, and whole clusters: a match may not start or end inside what one
        // original character became ('ﬁ' is 'fi': 'f' alone is not in it).
        const before = codePointBefore(units, from);
        const after = codePointAt(units, to);
        const startsCluster = from === 0 || starts[from] !== starts[from - 1];
        const endsCluster = to === units.length || starts[to] !== starts[to - 1];
        if (term && startsCluster && endsCluster && !(before >= 0 && isWordCodePoint(before)) && !(after >= 0 && isWordCodePoint(after))) {
          matches.push({ start: starts[from] ?? 0, end: ends[to - 1] ?? 0, term: term.spelling, kind: term.kind });
        }
        hit = a.dictionary[hit] ?? -1;
      }
    }
    return matches.sort((x, y) => x.start - y.start || y.end - x.end);
  }

  return {
    termCount: compiled.length,
    find,
    check(text, threshold) {
      const matches = find(text);
      const limited = new Set<string>();
      const prohibited = new Set<string>();
      for (const match of matches) (match.kind === 'prohibited' ? prohibited : limited).add(match.term);
      let typeId: ComplianceType | null = null;
      if (prohibited.size > 0) typeId = ComplianceType.PROHIBITED;
      else if (countLimitedUses(matches) > threshold) typeId = ComplianceType.THRESHOLD;
      else if (limited.size > 0) typeId = ComplianceType.LIMITED;
      return { type_id: typeId, content_limited_set: [...limited], content_prohibited_set: [...prohibited], matches };
    },
  };
}
