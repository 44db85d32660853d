/**
 * A faster process start: the first module of every server, worker and CLI process (main.ts and
 * cli.ts load everything else after it, through a dynamic import, so that the hook below sees the
 * whole graph).
 *
 * Node 24 looks up the package scope of every module file it resolves, to tell ES modules from
 * CommonJS, and in doing so parses that package's `exports` again for each file. drizzle-orm's
 * package.json is 179 KB with 447 exports, and drizzle is several hundred files: parsing it took
 * 1.8 s of a 5.7 s CLI start in a CPU profile. Its files' own relative imports of `.js` files are
 * answered here instead, as ES modules (drizzle-orm declares `"type": "module"`, so Node would
 * say the same). Every other resolution, and drizzle's entry points, go through Node unchanged;
 * if drizzle-orm ever stops declaring `"type": "module"`, nothing is registered.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/** The folder URL of drizzle-orm's package (ending in '/'), if its `.js` files are ES modules. */
function drizzleModuleRoot(): string | null {
  try {
    const root = new URL('./', import.meta.resolve('drizzle-orm')).href;
    const manifest: unknown = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
    const type = typeof manifest === 'object' && manifest !== null && 'type' in manifest ? manifest.type : undefined;
    return type === 'module' ? root : null;
  } catch {
    // Not where a package would be: Node resolves everything itself, only more slowly.
    return null;
  }
}

const root = drizzleModuleRoot();
if (root !== null) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent?.startsWith(root) && (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
        const url = new URL(specifier, parent).href;
        if (url.startsWith(root)) return { url, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
