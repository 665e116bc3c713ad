// `npm run test:unit [paths]`: the fast tier (docs/development.md, "Test tiers"). Every test that needs no service:
// jest's unit tier (jest.unit.config.js: rules, contracts, templates, scripts' logic), then both front ends' Vitest
// suites; no build, no database, no Redis, no emulator. With arguments (paths, jest flags), only jest's unit tier.
import { run } from './lib/processes.mjs';

const paths = process.argv.slice(2);
const jest = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js'];
const env = { ...process.env, NODE_ENV: 'test' };
let code = await run(process.execPath, [...jest, '-c', 'jest.unit.config.js', ...paths], { env });
if (paths.length === 0) {
  for (const workspace of ['storefront', 'admin-ui']) {
    code = (await run('npm', ['test', '-w', workspace], { env })) || code;
  }
}
process.exit(code);
