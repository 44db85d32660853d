/**
 * One event writer (issue 53): every row of the event log goes through recordEvent(s), typed by
 * kind in core's EventPayloads, so readers (notifications, points, analytics) see one shape.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the event writer', () => {
  it('is the only code that inserts into the events table', () => {
    const writers = sources(SERVER_SRC)
      .filter((path) => /\.insert\(\s*events\s*\)/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SERVER_SRC, path));
    expect(writers).toEqual(['commands/share-events.ts']);
  });

});
