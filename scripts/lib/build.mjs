// Whether the built outputs that `npm start` serves are current. A stamp written after each build we run records
// when it finished and with which front-end settings; the build is stale when an output is missing, a source is
// newer than the stamp, an output was rebuilt by hand since (perhaps with other settings), or the settings changed.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from './processes.mjs';

const stampFile = join(repoRoot, 'node_modules', '.cache', 'mandi', 'build-stamp.json');

/** What `npm start` runs: the two apps and the two front ends. */
export const buildOutputs = [
  'apps/api/dist/main.js',
  'apps/worker/dist/main.js',
  'storefront/dist/index.html',
  'admin-ui/dist/index.html',
];

const sourceRoots = [
  'apps/api/src',
  'apps/api/tsconfig.json',
  'apps/worker/src',
  'apps/worker/tsconfig.json',
  'libs',
  'prisma/schema.prisma',
  'tsconfig.base.json',
  'package-lock.json',
  'storefront/src',
  'storefront/public',
  'storefront/index.html',
  'storefront/vite.config.ts',
  'admin-ui/src',
  'admin-ui/public',
  'admin-ui/index.html',
  'admin-ui/vite.config.ts',
];

const skippedDirs = new Set(['node_modules', 'dist', 'generated', 'coverage']);
const testFile = /\.(spec|test)\.[cm]?[jt]sx?$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return testFile.test(path) || path.endsWith('.tsbuildinfo') ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && skippedDirs.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Returns why a build is needed, or undefined when the outputs are current for these front-end `settings`. */
export function staleBuildReason(settings) {
  const missing = buildOutputs.find((output) => !existsSync(join(repoRoot, output)));
  if (missing) return `${missing} is missing`;
  if (!existsSync(stampFile)) return 'no record of a build by npm start';
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  if (JSON.stringify(stamp.settings) !== JSON.stringify(settings)) return 'the front-end settings changed';
  const builtAt = statSync(stampFile).mtimeMs;
  const newestOutput = Math.max(...buildOutputs.map((output) => statSync(join(repoRoot, output)).mtimeMs));
  if (newestOutput > builtAt) return 'the outputs were rebuilt outside npm start';
  const newestSource = Math.max(...sourceRoots.map((root) => newestMtime(join(repoRoot, root))));
  if (newestSource > builtAt) return 'sources changed since the last build';
  return undefined;
}

/** Records a successful build made with these front-end `settings`. */
export function recordBuild(settings) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ settings, builtAt: new Date().toISOString() }, null, 2)}\n`);
}
