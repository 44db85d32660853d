import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

const WEB_SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('query keys', () => {
  it('are written only in lib/query-keys.ts: no literal key anywhere else', () => {
    const literal = /queryKey:\s*\[|Key\s*=\s*\[\s*'/;
    const offenders = sources(WEB_SRC)
      .filter((path) => !path.endsWith('query-keys.ts') && literal.test(readFileSync(path, 'utf8')))
      .map((path) => relative(WEB_SRC, path));
    expect(offenders).toEqual([]);
  });

  it('prefixes match the keys below them, so invalidating a prefix reaches each query', () => {
    const starts = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);
    expect(starts(queryKeys.posts.feed({ page: 1 }), queryKeys.posts.feed())).toBe(true);
    expect(starts(queryKeys.posts.list({ q: 'x' }), queryKeys.posts.list())).toBe(true);
    expect(starts(queryKeys.share.metadata(7), queryKeys.share.metadata())).toBe(true);
    expect(starts(queryKeys.timeline.page('shared', null, null), queryKeys.timeline.all())).toBe(true);
    expect(starts(queryKeys.timeline.queuedItem(3), queryKeys.timeline.all())).toBe(true);
    expect(starts(queryKeys.topics.followedList(), queryKeys.topics.followed())).toBe(true);
    expect(starts(queryKeys.reactions.likes(5), queryKeys.reactions.post(5))).toBe(true);
    expect(starts(queryKeys.user.one(2), queryKeys.user.all())).toBe(true);
  });
});
