import { readFileSync } from 'node:fs';
import { missingOptionalEntries } from './complete-lockfile.mjs';

describe('package-lock.json', () => {
  it('records every optional dependency, so `npm ci` accepts it (run `npm run lock:complete` after installs)', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
    expect(missingOptionalEntries(lock)).toEqual([]);
  });

  it('finds an optional platform package that has no entry', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/@swc/core': { version: '1.0.0', optionalDependencies: { '@swc/core-darwin-arm64': '1.0.0' } },
      },
    };
    expect(missingOptionalEntries(lock)).toEqual([['node_modules/@swc/core-darwin-arm64', '1.0.0']]);
  });
});
