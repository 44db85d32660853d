/**
 * Presenters depend on nothing above them (issue 53): they turn rows into the wire shapes of
 * core and may use core, the schema's row types, lib and auth rules, never commands, queries,
 * routes, jobs, plugins or connectors (which use them). An import the other way round makes
 * the circles this rule broke up (presenters/company.ts once imported a sign-in command).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PRESENTERS = import.meta.dirname;
const ABOVE = /from '\.\.\/(commands|queries|routes|jobs|plugins|connectors)\//;

describe('presenters', () => {
  it('import nothing from the layers above them', () => {
    const upward = readdirSync(PRESENTERS)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) =>
        readFileSync(join(PRESENTERS, name), 'utf8')
          .split('\n')
          .filter((line) => ABOVE.test(line))
          .map((line) => `${name}: ${line.trim()}`),
      );
    expect(upward).toEqual([]);
  });

  it('the rule sees an upward import', () => {
    expect(ABOVE.test("import { x } from '../commands/sign-in.ts';")).toBe(true);
    expect(ABOVE.test("import { x } from '../auth/sign-in-policy.ts';")).toBe(false);
  });
});
