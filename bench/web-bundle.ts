/**
 * The static part of a build's first render: the JavaScript named by a Vite build's index.html
 * (the entry module script and every modulepreload link), followed through static imports of
 * those chunks, each gzipped with node:zlib at level 6 (zlib's default, what nginx and most CDNs
 * use for on-the-fly compression). Chunks loaded through `import()` are not seen, so this
 * under-counts an app that loads its routes lazily: the web budget itself is measured in a
 * browser by web-first-render.ts, which uses this module's level and budget and reports this
 * static graph next to it for comparison.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget of ARCHITECTURE.md, in KB (1 KB = 1024 bytes) of gzip. */
export const WEB_JS_BUDGET_KB = 200;
/** The gzip level used for every file. */
export const GZIP_LEVEL = 6;

/** One file of the first render. */
export interface BundleFile {
  file: string;
  kind: 'js' | 'css';
  /** How it was found: the entry script, a modulepreload link, a stylesheet link or a static import. */
  via: 'entry' | 'modulepreload' | 'stylesheet' | 'static import';
  bytes: number;
  gzipBytes: number;
}

/** A build's first-render payload. */
export interface BundleReport {
  name: string;
  dist: string;
  built: boolean;
  files: BundleFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Lazy chunks in the build that are not needed for the first render (count and gzip size). */
  lazyFiles: number;
  lazyGzipBytes: number;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return match[2] ?? match[3] ?? match[4] ?? null;
}

/** Assets of index.html: entry module scripts, modulepreload links and stylesheets. */
export function parseIndexHtml(html: string): { href: string; via: BundleFile['via'] }[] {
  const found: { href: string; via: BundleFile['via'] }[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src !== null && attribute(tag, 'type') === 'module') found.push({ href: src, via: 'entry' });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase();
    const href = attribute(tag, 'href');
    if (href === null) continue;
    if (rel === 'modulepreload') found.push({ href, via: 'modulepreload' });
    else if (rel === 'stylesheet') found.push({ href, via: 'stylesheet' });
  }
  return found;
}

/** Relative static imports of a built chunk (`import"./x.js"`, `from"./x.js"`); dynamic `import()` is left out. */
export function staticImports(code: string): string[] {
  const specifiers = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    if (match[1] !== undefined) specifiers.add(match[1]);
  }
  return [...specifiers];
}

function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: GZIP_LEVEL }).length;
}

function listAssets(dist: string): string[] {
  const assets = path.join(dist, 'assets');
  if (!existsSync(assets)) return [];
  return readdirRecursive(assets).map((file) => path.relative(dist, file));
}

function readdirRecursive(dir: string): string[] {
  const found: string[] = [];
  const pending = [dir];
  for (let guard = 0; guard < 10_000 && pending.length > 0; guard++) {
    const current = pending.pop();
    if (current === undefined) break;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else found.push(full);
    }
  }
  return found;
}

/**
 * The dist file of a URL in index.html. Vite writes URLs under its `base` ("/", "./" or a
 * folder such as "/tab/"), so leading folders are dropped until the file exists.
 */
function fileOfHref(dist: string, href: string): string {
  const segments = (href.split(/[?#]/)[0] ?? '').split('/').filter((s) => s !== '' && s !== '.');
  for (let drop = 0; drop < segments.length; drop++) {
    const candidate = path.normalize(segments.slice(drop).join('/'));
    if (existsSync(path.join(dist, candidate))) return candidate;
  }
  return path.normalize(segments.join('/'));
}

/** Measures the first-render payload of the build in `dist` (a folder with index.html). */
export function measureBundle(name: string, dist: string): BundleReport {
  const indexFile = path.join(dist, 'index.html');
  const empty: BundleReport = { name, dist, built: false, files: [], jsGzipBytes: 0, cssGzipBytes: 0, lazyFiles: 0, lazyGzipBytes: 0 };
  if (!existsSync(indexFile)) return empty;

  const files: BundleFile[] = [];
  const seen = new Set<string>();
  const queue = parseIndexHtml(readFileSync(indexFile, 'utf8')).map((a) => ({ file: fileOfHref(dist, a.href), via: a.via }));
  for (let guard = 0; guard < 10_000 && queue.length > 0; guard++) {
    const next = queue.shift();
    if (next === undefined) break;
    if (seen.has(next.file) || /^[a-z]+:/i.test(next.file)) continue;
    seen.add(next.file);
    const full = path.join(dist, next.file);
    if (!existsSync(full)) throw new Error(`${name}: ${next.file} is referenced by index.html but missing from ${dist}`);
    const content = readFileSync(full);
    const kind: BundleFile['kind'] = next.file.endsWith('.css') ? 'css' : 'js';
    files.push({ file: next.file, kind, via: next.via, bytes: content.length, gzipBytes: gzipSize(content) });
    if (kind === 'js') {
      for (const spec of staticImports(content.toString('utf8'))) {
        queue.push({ file: path.normalize(path.join(path.dirname(next.file), spec)), via: 'static import' });
      }
    }
  }

  let lazyFiles = 0;
  let lazyGzipBytes = 0;
  for (const asset of listAssets(dist)) {
    if (seen.has(asset) || !/\.(js|css)$/.test(asset)) continue;
    lazyFiles++;
    lazyGzipBytes += gzipSize(readFileSync(path.join(dist, asset)));
  }
  const sum = (kind: BundleFile['kind']) => files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzipBytes, 0);
  return { name, dist, built: true, files, jsGzipBytes: sum('js'), cssGzipBytes: sum('css'), lazyFiles, lazyGzipBytes };
}
