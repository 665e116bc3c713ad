// `npm run test:unit [paths]`: the fast tier (docs/development.md, "Test tiers"). Every test that needs no service:
// jest's unit tier (jest.unit.config.js: rules, contracts, templates, scripts' logic), then both front ends' Vitest
// suites; no build, no database, no Redis, no emulator. With arguments (paths, jest flags), only jest's unit tier.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, run } from './lib/processes.mjs';

const paths = process.argv.slice(2);
const jest = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js'];
const env = { ...process.env, NODE_ENV: 'test' };
// The Prisma client's types and enums are generated code some rules import (offline, about 2 s), not a build.
if (!existsSync(join(repoRoot, 'libs/database/src/generated/prisma/client.ts'))) {
  const generated = await run('npm', ['run', 'db:generate', '--silent'], { env });
  if (generated !== 0) process.exit(generated);
}
let code = await run(process.execPath, [...jest, '-c', 'jest.unit.config.js', ...paths], { env });
if (paths.length === 0) {
  for (const workspace of ['storefront', 'admin-ui']) {
    code = (await run('npm', ['test', '-w', workspace], { env })) || code;
  }
}
process.exit(code);
