/**
 * The caption cut into pieces for marking flagged terms (content-library spec 5 "Compliance":
 * the flagged terms marked in the text). Overlapping terms merge into one mark; a mark holding
 * a prohibited term is prohibited.
 */
import type { ComplianceMark } from '@chorus/core';

/** A piece of the caption: plain, or a mark with the terms it holds. */
export interface CaptionSegment {
  text: string;
  kind: 'limited' | 'prohibited' | null;
  terms: string[];
}

/** The caption's pieces in order; joined, they give the caption back. */
export function markSegments(text: string, matches: readonly ComplianceMark[]): CaptionSegment[] {
  const sorted = matches.filter((m) => m.start < m.end && m.end <= text.length).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number; kind: 'limited' | 'prohibited'; terms: string[] }[] = [];
  for (const match of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && match.start < last.end) {
      last.end = Math.max(last.end, match.end);
      if (match.kind === 'prohibited') last.kind = 'prohibited';
      if (!last.terms.includes(match.term)) last.terms.push(match.term);
      continue;
    }
    merged.push({ start: match.start, end: match.end, kind: match.kind, terms: [match.term] });
  }
  const segments: CaptionSegment[] = [];
  let at = 0;
  for (const mark of merged) {
    if (mark.start > at) segments.push({ text: text.slice(at, mark.start), kind: null, terms: [] });
    segments.push({ text: text.slice(mark.start, mark.end), kind: mark.kind, terms: mark.terms });
    at = mark.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), kind: null, terms: [] });
  return segments;
}
