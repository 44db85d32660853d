// Sums the gzip size of the JavaScript the built index.html loads before anything is imported
// on demand: its entry script plus every chunk reachable through static imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import{a}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
  for (const match of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(join(dirname(file), match[1]));
  }
}
let total = 0;
for (const file of [...seen].sort()) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total (gzip) for the first render`);
