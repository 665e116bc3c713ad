// Completes package-lock.json for `npm ci` on a registry mirror that lacks other platforms' binaries.
//
// Packages like @swc/core list one optional dependency per platform (darwin-arm64, win32-x64, ...). When the
// registry cannot resolve some of them, `npm install` leaves them out of the lockfile, and `npm ci` then refuses
// the lockfile as out of sync. Recording each missing one as an optional entry makes the lockfile complete:
// `npm ci` tries it, cannot fetch it, and skips it as it skips any optional dependency for another platform.
// Run after every `npm install` that changes the lockfile (`npm run lock:complete`); a test checks it was.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../../package-lock.json', import.meta.url));

/** Optional dependencies that no lockfile entry satisfies, as [install path, version]. */
export function missingOptionalEntries(lock) {
  const packages = lock.packages;
  const missing = [];
  for (const [path, meta] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
      const nested = `${path === '' ? '' : `${path}/`}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted]) continue;
      missing.push([hoisted, range.replace(/^[\^~=]+/, '')]);
    }
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const missing = missingOptionalEntries(lock);
  for (const [path, version] of missing) lock.packages[path] = { version, optional: true };
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${missing.length} optional platform package(s) the registry lacks`);
}
