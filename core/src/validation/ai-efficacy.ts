/**
 * AI efficacy (content-library spec 5 "AI caption"): how much of the offered AI caption was
 * shared, 1 minus the normalised edit distance between the two, from 0 (fully changed) to 1
 * (unchanged). Sent with the share as `ai_efficacy`; 1 when nothing was offered.
 */

/**
 * Levenshtein distance between two strings, by code point (an emoji is one edit), in two rows
 * of memory.
 */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let previous = new Int32Array(y.length + 1);
  let current = new Int32Array(y.length + 1);
  for (let j = 0; j <= y.length; j += 1) previous[j] = j;
  for (let i = 1; i <= x.length; i += 1) {
    current[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (xi === y[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[y.length] ?? 0;
}

/**
 * 1 minus the edit distance divided by the longer caption's length (in code points), so the
 * ratio stays within 0 and 1; 1 when both are empty or nothing was offered.
 */
export function aiEfficacy(offered: string | null | undefined, shared: string): number {
  if (offered === null || offered === undefined) return 1;
  const longest = Math.max(Array.from(offered).length, Array.from(shared).length);
  if (longest === 0) return 1;
  return Math.min(1, Math.max(0, 1 - editDistance(offered, shared) / longest));
}
