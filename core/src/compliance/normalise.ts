/**
 * The text form compliance terms are matched in (content-library spec 5 "Compliance"):
 * Unicode compatibility-normalised (NFKC), with invisible characters dropped, dashes read as a
 * hyphen and Cyrillic and Greek look-alikes read as Latin letters, case-folded, with every run
 * of white space read as one space. Each normalised UTF-16 unit remembers the original range it came from, so a match
 * found in the normalised text can be marked in the caption the person typed.
 */

/** Normalised text and, per normalised unit, the original range [start, end) it came from. */
export interface NormalisedText {
  /** The normalised UTF-16 units. */
  units: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
}

/** A letter, a digit or a combining mark: what a whole-word match may not touch. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;

/**
 * Characters that draw nothing (Unicode's Default_Ignorable_Code_Point: zero-width space and
 * joiners, soft hyphen, word joiner, bidirectional controls, variation selectors, tags...):
 * dropped, so 'pro\u200Bfit' is the 'profit' a reader sees.
 */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Dashes that read as a hyphen (U+2010 to U+2015, hyphen bullet, minus sign): '-'. */
const HYPHENS = /[\u2010-\u2015\u2043\u2212]/g;

/**
 * Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables for the scripts in
 * use), read as those Latin letters in terms and captions alike, so 'frее' with Cyrillic 'е' is
 * 'free'. Applied before the case fold, so capitals that look Latin only as capitals ('В', 'Н')
 * are caught too.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic capitals and small letters.
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T', Х: 'X', Ү: 'Y', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'l', Ԁ: 'd', Ɡ: 'G',
  а: 'a', с: 'c', ԁ: 'd', е: 'e', һ: 'h', і: 'i', ј: 'j', ӏ: 'l', о: 'o', р: 'p', ԛ: 'q', ѕ: 's', ԝ: 'w', х: 'x', у: 'y', ү: 'y', ѵ: 'v', ɡ: 'g',
  // Greek capitals and small letters.
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϳ: 'J',
  α: 'a', ο: 'o', ρ: 'p', ι: 'i', ν: 'v', κ: 'k', υ: 'u', ϳ: 'j',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

/** The Latin skeleton of a compatibility-normalised cluster: nothing invisible, one hyphen, Latin look-alikes. */
function skeleton(text: string): string {
  return text
    .replace(IGNORABLE, '')
    .replace(HYPHENS, '-')
    .replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c);
}

/** Folded forms of the non-ASCII clusters seen so far (captions repeat few of them). */
const foldCache = new Map<string, string>();
const FOLD_CACHE_LIMIT = 4096;

/**
 * The matching form of one cluster (a base character and its combining marks): NFKC, its Latin
 * skeleton (see skeleton), then a case fold. JavaScript has no case-folding call; lower-, upper- then lower-casing gives the
 * full folding for the cases that matter here ('ß' and 'ẞ' to 'ss', final 'ς' to 'σ').
 */
export function foldCluster(cluster: string): string {
  const cached = foldCache.get(cluster);
  if (cached !== undefined) return cached;
  const folded = skeleton(cluster.normalize('NFKC')).toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
  if (foldCache.size >= FOLD_CACHE_LIMIT) foldCache.clear();
  foldCache.set(cluster, folded);
  return folded;
}

/** True when the code point is a letter, a digit or a combining mark (a word character). */
export function isWordCodePoint(codePoint: number): boolean {
  if (codePoint < 0x80) {
    return (codePoint >= 0x30 && codePoint <= 0x39) || (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a);
  }
  return WORD_CHAR.test(String.fromCodePoint(codePoint));
}

function isSpaceUnit(unit: number): boolean {
  if (unit < 0x80) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  // JavaScript counts U+FEFF (the byte-order mark) as white space; it draws nothing and is dropped.
  return unit !== 0xfeff && SPACE.test(String.fromCharCode(unit));
}

/** Length in UTF-16 units of the cluster starting at `i`: one code point and the marks after it. */
function clusterEnd(text: string, i: number): number {
  const first = text.codePointAt(i) ?? 0;
  let end = i + (first > 0xffff ? 2 : 1);
  while (end < text.length) {
    const unit = text.charCodeAt(end);
    // Combining marks are all at or above U+0300; ASCII never continues a cluster.
    if (unit < 0x300) break;
    const codePoint = text.codePointAt(end) ?? 0;
    if (!MARK.test(String.fromCodePoint(codePoint))) break;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return end;
}

/**
 * Normalises a caption for matching and keeps the map back to it. ASCII outside clusters is
 * lower-cased in place (the fast path for most captions); anything else goes through
 * foldCluster. White space runs become one space that maps to the whole run.
 */
export function normaliseText(input: string): NormalisedText {
  const length = input.length;
  // One normalised unit per input unit in most text; grown when a fold expands ('ﬃ' to 'ffi').
  let units = new Uint16Array(length + 8);
  let starts = new Int32Array(length + 8);
  let ends = new Int32Array(length + 8);
  let size = 0;
  const push = (unit: number, start: number, end: number) => {
    if (size === starts.length) {
      const bigger = size * 2;
      const u = new Uint16Array(bigger);
      u.set(units);
      units = u;
      const s = new Int32Array(bigger);
      s.set(starts);
      starts = s;
      const e = new Int32Array(bigger);
      e.set(ends);
      ends = e;
    }
    units[size] = unit;
    starts[size] = start;
    ends[size] = end;
    size += 1;
  };
  let i = 0;
  while (i < length) {
    const unit = input.charCodeAt(i);
    if (isSpaceUnit(unit)) {
      let end = i + 1;
      while (end < length && isSpaceUnit(input.charCodeAt(end))) end += 1;
      push(0x20, i, end);
      i = end;
      continue;
    }
    const next = i + 1 < length ? input.charCodeAt(i + 1) : 0;
    if (unit < 0x80 && next < 0x300) {
      push(unit >= 0x41 && unit <= 0x5a ? unit + 32 : unit, i, i + 1);
      i += 1;
      continue;
    }
    const end = clusterEnd(input, i);
    const folded = foldCluster(input.slice(i, end));
    for (let k = 0; k < folded.length; k += 1) {
      const c = folded.charCodeAt(k);
      // NFKC turns some characters into spaces (U+00A0, U+2002...): one space, as above.
      if (isSpaceUnit(c)) {
        if (size > 0 && units[size - 1] === 0x20) {
          ends[size - 1] = end;
          continue;
        }
        push(0x20, i, end);
        continue;
      }
      push(c, i, end);
    }
    i = end;
  }
  return { units: units.subarray(0, size), starts: starts.subarray(0, size), ends: ends.subarray(0, size) };
}

/** The normalised units as a string. */
export function unitsToString(units: Uint16Array): string {
  let text = '';
  // In slices: String.fromCharCode takes its units as arguments.
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.subarray(i, i + 8192));
  return text;
}

/** A term's matching form: normalised like a caption, with white space trimmed. */
export function normaliseTerm(term: string): string {
  return unitsToString(normaliseText(term).units).trim();
}
