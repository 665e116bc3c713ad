// `npm run bench:console-size`: the JavaScript the console (admin-ui) makes a browser download before its first tab
// shows, and every chunk loaded later on demand, gzip-compressed (level 9, as compress-assets.mjs serves them).
// Builds admin-ui first unless BENCH_NO_BUILD=1. The startup set is what index.html loads: the entry script and its
// modulepreload links.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../admin-ui/dist/', import.meta.url));
if (process.env.BENCH_NO_BUILD !== '1') {
  execFileSync('npx', ['vite', 'build'], {
    cwd: fileURLToPath(new URL('../admin-ui/', import.meta.url)),
    stdio: 'ignore',
  });
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
/** @param {string} file @returns {number} gzip size in bytes */
const gzipped = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
const html = readFileSync(`${dist}index.html`, 'utf8');
const startup = new Set(
  [...html.matchAll(/(?:src|href)="\/adminpanel\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
);
const later = readdirSync(`${dist}assets`)
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`)
  .filter((file) => !startup.has(file));

const startupBytes = [...startup].reduce((sum, file) => sum + gzipped(file), 0);
console.log(`console startup: ${kB(startupBytes)} gzip in ${startup.size} files`);
const largest = later
  .map((file) => /** @type {[string, number]} */ ([file, gzipped(file)]))
  .sort((a, b) => b[1] - a[1]);
console.log(
  `loaded on demand: ${kB(largest.reduce((sum, [, bytes]) => sum + bytes, 0))} gzip in ${largest.length} files; the largest:`,
);
for (const [file, bytes] of largest.slice(0, 8))
  console.log(`  ${file.replace(/^assets\//, '').padEnd(40)} ${kB(bytes)}`);
