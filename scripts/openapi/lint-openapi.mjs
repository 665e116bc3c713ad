// `npm run lint:openapi`: Redocly CLI's recommended rules over the OpenAPI document the API serves at
// /api/openapi.json, built from the route registry in libs/contracts exactly as the API builds it. redocly.yaml
// switches off the rules Mandi does not follow, each with its reason (docs/development.md, "Lint and format").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, run } from '../lib/processes.mjs';

const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;
// The registry is TypeScript: build libs/contracts (and what it uses) first; tsc -b does nothing when up to date.
const built = await run('node_modules/.bin/tsc', ['-b', 'libs/contracts'], { cwd: repoRoot });
if (built !== 0) process.exit(built);
const { buildOpenApiDocument } = await import('@mandi/contracts');
const dir = mkdtempSync(join(tmpdir(), 'mandi-openapi-'));
const file = join(dir, 'openapi.json');
// The API names its PUBLIC_URL as the server: a deployment's, or a name that points nowhere (.invalid, RFC 2606).
writeFileSync(
  file,
  JSON.stringify(
    buildOpenApiDocument({ version, serverUrl: process.env.PUBLIC_URL ?? 'https://mandi.invalid' }),
    null,
    2,
  ),
);
const code = await run('node_modules/.bin/redocly', ['lint', '--config', 'redocly.yaml', '--format', 'stylish', file], {
  cwd: repoRoot,
});
rmSync(dir, { recursive: true, force: true });
process.exit(code);
