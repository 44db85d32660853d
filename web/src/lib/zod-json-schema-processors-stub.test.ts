import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as stub from './zod-json-schema-processors-stub.ts';

/** The folder of zod's v4 sources, found from the installed package, not a fixed path. */
const zodV4 = path.join(path.dirname(fileURLToPath(import.meta.resolve('zod'))), 'v4');
/** How the browser builds' alias (vite.config.ts, ZOD_WITHOUT_JSON_SCHEMA) sees the module. */
const ALIASED = '../core/json-schema-processors.js';

/** Every name zod's ESM files (outside core, which the alias does not match) import from the aliased module. */
async function namesZodImports(): Promise<string[]> {
  const names = new Set<string>();
  for (const folder of ['classic', 'mini']) {
    for (const file of await readdir(path.join(zodV4, folder))) {
      if (!file.endsWith('.js')) continue;
      const source = await readFile(path.join(zodV4, folder, file), 'utf8');
      const quoted = ALIASED.replaceAll('.', '\\.').replaceAll('/', '\\/');
      for (const match of source.matchAll(new RegExp(`import \\* as (\\w+) from "${quoted}"`, 'g'))) {
        for (const use of source.matchAll(new RegExp(`\\b${match[1]}\\.(\\w+)`, 'g'))) names.add(use[1] ?? '');
      }
      for (const match of source.matchAll(new RegExp(`(?:import|export) \\{([^}]*)\\} from "${quoted}"`, 'g'))) {
        for (const part of (match[1] ?? '').split(',')) names.add(part.trim().split(/\s+as\s+/)[0] ?? '');
      }
    }
  }
  names.delete('');
  return [...names].sort();
}

describe("zod's JSON Schema processors stub (the browser builds)", () => {
  it('exports exactly the names zod imports from the module it replaces, so the builds print no IMPORT_IS_UNDEFINED', async () => {
    const wanted = await namesZodImports();
    // A sanity floor: zod 4's classic schemas use some 40 processors.
    expect(wanted.length).toBeGreaterThan(30);
    expect(Object.keys(stub).sort()).toEqual(wanted);
  });

  it('throws if a processor is ever called', () => {
    expect(() => stub.stringProcessor()).toThrow('JSON Schema generation is not part of the web build');
  });
});
