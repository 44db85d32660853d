/**
 * An entry's data as rows a person can read: what changed from what to what, what was added to
 * or removed from a list, and the other facts recorded. The writers' shapes (see
 * server/src/commands/audit.ts) are `{ before, after }` (objects of fields, or one value each),
 * `{ from, to }`, `{ <list>: { added, removed } }` and plain facts beside them.
 */

/** One row of the "Show changes" table; `field` null means the entry's value as a whole. */
export type ChangeRow =
  | { kind: 'change'; field: string | null; before: unknown; after: unknown }
  | { kind: 'list'; field: string; added: readonly unknown[]; removed: readonly unknown[] }
  | { kind: 'value'; field: string; value: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isListChange(value: unknown): value is { added: unknown[]; removed: unknown[] } {
  return isRecord(value) && Array.isArray(value.added) && Array.isArray(value.removed) && Object.keys(value).length === 2;
}

function isPairChange(value: unknown): value is { before: unknown; after: unknown } {
  return isRecord(value) && 'before' in value && 'after' in value && Object.keys(value).length === 2;
}

/** The rows of a before/after pair: one per field when both are objects, else one for the whole value. */
function pairRows(before: unknown, after: unknown, field: string | null): ChangeRow[] {
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields.map((name) => ({ kind: 'change', field: field === null ? name : `${field}.${name}`, before: before[name], after: after[name] }));
  }
  return [{ kind: 'change', field, before, after }];
}

/** The rows of an entry's data, changes first, then the facts recorded with them. */
export function changeRows(data: Readonly<Record<string, unknown>>): ChangeRow[] {
  const rows: ChangeRow[] = [];
  const facts: ChangeRow[] = [];
  if ('before' in data || 'after' in data) rows.push(...pairRows(data.before, data.after, null));
  if ('from' in data || 'to' in data) rows.push({ kind: 'change', field: null, before: data.from, after: data.to });
  for (const [field, value] of Object.entries(data)) {
    if (field === 'before' || field === 'after' || field === 'from' || field === 'to' || value === undefined) continue;
    if (isListChange(value)) rows.push({ kind: 'list', field, added: value.added, removed: value.removed });
    else if (isPairChange(value)) rows.push(...pairRows(value.before, value.after, field));
    else facts.push({ kind: 'value', field, value });
  }
  return [...rows, ...facts];
}

/** A value as text: strings as they are, lists joined, other JSON as JSON; null for nothing. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.length === 0 ? null : value.join(', ');
  return JSON.stringify(value);
}
