import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** Lints one line as if it were a file at the given path and returns the rule ids hit. */
async function restrictedImportHits(filePath: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('package directions (ARCHITECTURE.md)', () => {
  it.each([
    ['core/src/probe.ts', "import '@chorus/locales';"],
    ['core/src/probe.ts', "import '@chorus/server';"],
    ['core/src/probe.ts', "import '../../web/src/index.ts';"],
    ['locales/src/probe.ts', "import '@chorus/core';"],
    ['web/src/probe.ts', "import '@chorus/server';"],
    ['web/src/probe.ts', "import '@chorus/bot';"],
    ['web/src/probe.ts', "import '../../server/src/app.ts';"],
    ['server/src/probe.ts', "import '@chorus/web';"],
    ['server/src/probe.ts', "import '../../web/src/index.ts';"],
    ['server/src/probe.ts', "import '@chorus/tabs';"],
    ['bot/src/probe.ts', "import '@chorus/server';"],
    ['tabs/src/probe.ts', "import '@chorus/server';"],
  ])('%s may not run %s', async (file, source) => {
    expect(await restrictedImportHits(file, source)).toBe(1);
  });

  it.each([
    ['web/src/probe.ts', "import '@chorus/core';"],
    ['web/src/probe.ts', "import '@chorus/locales';"],
    ['tabs/src/probe.ts', "import '@chorus/web';"],
    ['server/src/probe.ts', "import '@chorus/bot';"],
    ['server/src/probe.ts', "import '@chorus/core';"],
    ['bot/src/probe.ts', "import '@chorus/locales';"],
  ])('%s may run %s', async (file, source) => {
    expect(await restrictedImportHits(file, source)).toBe(0);
  });
});
