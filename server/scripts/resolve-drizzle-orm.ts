/**
 * drizzle-kit is hoisted to the repository's node_modules while drizzle-orm stays in
 * server/node_modules, so drizzle-kit cannot find it on its own. This hook, loaded with
 * --import by `npm run db:generate`, resolves drizzle-orm from the server package instead.
 */
import { registerHooks } from 'node:module';

const serverPackage = new URL('../package.json', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      return nextResolve(specifier, { ...context, parentURL: serverPackage });
    }
    return nextResolve(specifier, context);
  },
});
