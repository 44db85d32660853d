import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { PAGE_COPIES_DIR, PAGE_COPIES_FILE, PageCopiesManifest } from '../core/src/contract/page-copies.ts';
import { ROUTE_PRELOADS } from './src/app/route-preloads.ts';

/**
 * The app parses with zod but never generates JSON Schema, yet zod's classic schemas import
 * the generator for their `toJSONSchema` method: about 5 KB gzip of the feed's first render.
 * These aliases swap it for stubs that throw if ever called. The Teams tab build uses them too.
 */
export const ZOD_WITHOUT_JSON_SCHEMA = [
  { find: /^\.\.\/core\/to-json-schema\.js$/, replacement: fileURLToPath(new URL('src/lib/zod-json-schema-stub.ts', import.meta.url)) },
  { find: /^\.\.\/core\/json-schema-processors\.js$/, replacement: fileURLToPath(new URL('src/lib/zod-json-schema-processors-stub.ts', import.meta.url)) },
];

/**
 * The production browser build checks no response with zod (see src/lib/zod-unchecked.ts);
 * tests and the development server keep the real zod.
 */
export const ZOD_UNCHECKED = [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-unchecked.ts', import.meta.url)) }];

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /^[^.].*\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every text file
 * of the build, once, so the server sends compressed bytes without compressing per request
 * (@fastify/static `preCompressed`). A copy that would not be smaller is not written, and the
 * server then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'chorus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = await readFile(file);
        if (content.length < MIN_COMPRESS_BYTES) continue;
        const brotli = brotliCompressSync(content, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
        if (gzip.length < content.length) await writeFile(`${file}.gz`, gzip);
      }
    },
  };
}

/**
 * Puts the entry's stylesheet (a few KB) into index.html as a <style> element: a stylesheet
 * link blocks the first paint for one more round trip, the slowest part of a phone's first
 * visit. The file stays in the build for anything that links it.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'chorus-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (bundle === undefined) return html;
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          // The stylesheet's relative url()s would resolve against the page, not assets/.
          if (css.includes('url(') || css.includes('</')) return tag;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/** The output chunks of a build, as a plugin's writeBundle sees them. */
type OutputChunks = Map<string, { imports: readonly string[]; css: readonly string[] }>;

/** `file` and every file it imports statically, however deep. */
function staticClosure(chunks: OutputChunks, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) staticClosure(chunks, imported, into);
  return into;
}

/**
 * Writes a copy of index.html for each page of ROUTE_PRELOADS (src/app/route-preloads.ts)
 * into PAGE_COPIES_DIR, naming its lazily loaded chunk, every file that chunk imports and its
 * stylesheets as preloads, and lists the copies in PAGE_COPIES_FILE for the server. Files the
 * entry loads already are left out. A page module that is not a chunk of its own stops the
 * build: the table has drifted from router.tsx.
 */
export function routePreloads(): Plugin {
  let root = '';
  let outDir = 'dist';
  let base = '/';
  return {
    name: 'chorus-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    // After the files are written (index.html has its final form) and before closeBundle,
    // where `precompress` writes the copies' compressed versions too.
    async writeBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const source = typeof html.source === 'string' ? html.source : Buffer.from(html.source).toString('utf8');
      const chunks: OutputChunks = new Map();
      let entry: string | null = null;
      const chunkOf = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, { imports: output.imports, css: [...(output.viteMetadata?.importedCss ?? [])] });
        if (output.isEntry) entry = output.fileName;
        if (output.facadeModuleId !== null) chunkOf.set(output.facadeModuleId, output.fileName);
      }
      if (entry === null) this.error('no entry chunk in the bundle');
      const loadedByEntry = staticClosure(chunks, entry);
      const manifest: PageCopiesManifest = { pages: [] };
      await mkdir(path.join(outDir, PAGE_COPIES_DIR), { recursive: true });
      for (const page of ROUTE_PRELOADS) {
        const files = new Set<string>();
        for (const module of page.modules) {
          const chunk = chunkOf.get(path.resolve(root, module));
          if (chunk === undefined) this.error(`route-preloads: ${module} (page "${page.name}") is not a lazily loaded chunk of the build`);
          for (const file of staticClosure(chunks, chunk)) if (!loadedByEntry.has(file)) files.add(file);
        }
        const scripts = [...files].map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
        const styles = [...files].flatMap((file) => chunks.get(file)?.css ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`);
        const copy = source.replace('</head>', `${[...scripts, ...new Set(styles)].join('')}\n  </head>`);
        if (copy === source) this.error('index.html has no </head>');
        const file = `${PAGE_COPIES_DIR}/${page.name}.html`;
        await writeFile(path.join(outDir, file), copy);
        manifest.pages.push({ paths: [...page.paths], file });
      }
      // The server's own check (a list it cannot parse sends index.html everywhere), made here
      // so that a page name the server would refuse stops the build instead.
      await writeFile(path.join(outDir, PAGE_COPIES_FILE), JSON.stringify(PageCopiesManifest.parse(manifest)));
    },
  };
}

/** Where moduleStats writes; a dot-file, so the server does not serve it. */
export const MODULE_STATS_FILE = '.chorus-modules.json';

/** The package a bundled module comes from: an npm package, a workspace, or Vite's own code. */
function packageOf(id: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
  if (inModules?.[1] !== undefined) return inModules[1];
  const workspace = /\/(core|locales|web|tabs)\/(?:src|en-US|es-ES|fr-CA|de-DE)\//.exec(id.replaceAll('\\', '/'));
  if (workspace?.[1] !== undefined) return `@chorus/${workspace[1]}`;
  return '(bundler runtime)';
}

/**
 * Writes, per chunk, the bytes each package contributes to it (`{ "assets/x.js": { "react-dom":
 * 1234 } }`), so `npm run bench` can break the first render down by package.
 */
export function moduleStats(): Plugin {
  return {
    name: 'chorus-module-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const stats: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const byPackage: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) {
          const name = packageOf(id);
          byPackage[name] = (byPackage[name] ?? 0) + info.renderedLength;
        }
        stats[chunk.fileName] = byPackage;
      }
      this.emitFile({ type: 'asset', fileName: MODULE_STATS_FILE, source: JSON.stringify(stats) });
    },
  };
}

/**
 * Lazily loaded chunks that paint with a page's first frame: the phone's smart app banner, the
 * library screens on a topic page, the warning above the page of a time zone that differs
 * from the saved one, which holds the frame when it shows (WithFirstPaint): it came in three
 * round trips, its chunk, its imports, theirs (see modulePreload below); and the
 * confirm-your-e-mail screen an unconfirmed member sees instead of every page.
 */
const FIRST_FRAME_CHUNKS = /^assets\/(?:smart-app-banner|library-routes|timezone-warning-bar|unconfirmed-route)-[\w-]+\.js$/;

/**
 * The post dialog's route (routes/post-dialog.tsx): some 35 files, which came in four waves (the
 * chunk, its imports, theirs, and theirs), a round trip each on a phone's network, before the
 * post could show. Its imports are preloaded with it. On a page load of /post/{id} it is asked
 * for only once the feed behind it has painted (routes/feed.tsx): asked for beside the feed's
 * data, all of them at once held up the feed's first picture (stop 43 measured 92 -> 86).
 */
const DIALOG_CHUNK = /^assets\/post-dialog-[\w-]+\.js$/;

const DEV_API_ORIGIN = 'http://127.0.0.1:3000';

/** Standalone browser build of the Chorus web app, served by the server at the site root. */
/**
 * The settings both browser builds share (this app and the Teams tab, tabs/vite.config.ts), so
 * the tab's production build parses and targets exactly as the web's does.
 */
export function browserBuildBase({ command, mode }: { command: string; mode: string }) {
  return {
    resolve: { alias: command === 'build' && mode === 'production' ? ZOD_UNCHECKED : ZOD_WITHOUT_JSON_SCHEMA },
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  } satisfies UserConfig;
}

export default defineConfig((env) => ({
  ...browserBuildBase(env),
  base: '/',
  plugins: [react(), inlineEntryCss(), routePreloads(), precompress(), moduleStats()],
  build: {
    ...browserBuildBase(env).build,
    // Every browser Chorus supports preloads modules natively; the polyfill would only add weight.
    // index.html preloads what the entry imports. A lazy chunk's imports are not preloaded by
    // script, they load when the chunk runs: the helper added a <link> per import to the page
    // while the first screen was being built (a third of a second of a throttled phone's main
    // thread on the feed). Preloading a route chunk's imports beside it was tried and did not
    // move the sign-in page's Lighthouse LCP (2,991 against 2,995 ms).
    // The exception: the lazy parts that paint with a page's first frame (FIRST_FRAME_CHUNKS),
    // whose code the page asks for before its first render (routes/feed.tsx, prefetchPage). Their
    // imports (and the chunk itself, which the list holds) are preloaded at once: the chunk waited for its
    // stylesheet, its imports for the chunk, and theirs for them, three round trips after the
    // page's data had come, and the frame with them.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' || FIRST_FRAME_CHUNKS.test(file) || DIALOG_CHUNK.test(file) ? deps : []),
    },
    // The entry is one chunk on purpose (below); `npm run bench` holds it to its gzip budget.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk beside it. Left to
        // itself, the bundler gives every module shared with a lazy chunk its own file: some
        // 45 files before the first render, and a phone on a slow network pays a round trip
        // per few of them.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    // The dev server forwards API calls and SSO navigations to a local Chorus server; the Host
    // header is kept so the server still picks the company from the subdomain.
    proxy: {
      '/api': { target: DEV_API_ORIGIN, changeOrigin: false },
      '/auth': { target: DEV_API_ORIGIN, changeOrigin: false },
    },
  },
}));
