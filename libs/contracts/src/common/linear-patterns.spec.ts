import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as domain from '@mandi/domain';
import { checkSync } from 'recheck';
import ts from 'typescript';
import * as contracts from '../index.js';

// Hole 4 of issue 13: a quadratic e-mail pattern on a public route blocked the event loop for seconds. recheck (a
// maintained ReDoS checker, its pure JavaScript backend) proves each pattern's matching time linear, so a future
// backtracking pattern fails CI instead of production.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** recheck's verdict on one pattern: 'safe' with its complexity, or 'vulnerable' with an attack string. */
function verdict(source: string, flags: string): string {
  const diagnostics = checkSync(source, flags, { timeout: 10_000 });
  if (diagnostics.status === 'safe') return 'safe';
  const attack =
    diagnostics.status === 'vulnerable'
      ? ` (${diagnostics.complexity.type}, attack ${diagnostics.attack.pattern})`
      : '';
  return `${diagnostics.status}${attack}`;
}

/** Every RegExp a module exports: at its top level, inside exported objects, and inside zod schemas' checks. */
function exportedPatterns(moduleExports: Record<string, unknown>, moduleName: string): [string, RegExp][] {
  const found: [string, RegExp][] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string, depth: number): void => {
    if (value instanceof RegExp) {
      found.push([path, value]);
      return;
    }
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 12) return;
    seen.add(value);
    for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`, depth + 1);
    // zod keeps a schema's definition (shape, checks, the regex of .regex()) under _zod.def.
    const zod = (value as { _zod?: { def?: unknown } })._zod;
    if (zod?.def) visit(zod.def, `${path}._zod.def`, depth + 1);
  };
  for (const [name, value] of Object.entries(moduleExports)) visit(value, `${moduleName}.${name}`, 0);
  return found;
}

/** The TypeScript sources of a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.(spec|test)\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(ROOT, dir, file));
}

/** Every regular-expression literal written in `files`, as [file:line, source, flags]. */
function literalPatterns(files: string[]): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const sourceFile = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sourceFile);
        const end = literal.lastIndexOf('/');
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        found.push([`${relative(ROOT, file)}:${line}`, literal.slice(1, end), literal.slice(end + 1)]);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}

/**
 * Patterns that recheck finds polynomial but that never read a visitor's text, each with where its input comes from.
 * Keyed by file and pattern, so a new backtracking pattern anywhere (or this one moved to user input) fails.
 */
const TRUSTED_INPUT_ONLY: Record<string, string> = {
  'libs/config/src/config.ts \\/+$': 'trims the operator-set PUBLIC_URL and similar settings once at boot',
  'libs/storage/src/s3-file-store.ts \\/+$': 'trims the operator-set S3 public URL once at start',
  'libs/contracts/src/openapi/openapi-document.ts _+$':
    "reads our own route names while building the API's description",
  'apps/api/src/dev-mail/dev-mail.pages.ts <head(\\s[^>]*)?>':
    'reads mail our own templates rendered; development only',
  'apps/api/src/web/front-ends.ts <link rel="stylesheet"[^>]*href="\\/(assets\\/[\\w.-]+\\.css)"[^>]*>':
    "reads the storefront's own built index.html once at boot",
};

describe('every pattern that reads user input matches in linear time', () => {
  it('finds the e-mail pattern of issue 13 vulnerable in its earlier form, so the check can fail', () => {
    expect(verdict('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '')).toMatch(/^vulnerable \(polynomial/);
  });

  it('proves every RegExp exported by libs/domain and libs/contracts (and inside their zod schemas) linear', () => {
    const patterns = [...exportedPatterns(domain, '@mandi/domain'), ...exportedPatterns(contracts, '@mandi/contracts')];
    expect(patterns.map(([path]) => path)).toEqual(
      expect.arrayContaining(['@mandi/domain.EMAIL_PATTERN', '@mandi/domain.USERNAME_PATTERN']),
    );
    const unsafe = patterns
      .map(([path, pattern]) => [path, pattern.source, verdict(pattern.source, pattern.flags)])
      .filter(([, , result]) => result !== 'safe');
    expect(unsafe).toEqual([]);
  });

  it('proves every regular-expression literal in libs, the API, the worker and both front ends linear', () => {
    const folders = ['libs', 'apps/api/src', 'apps/worker/src', 'storefront/src', 'admin-ui/src'];
    const files = folders.flatMap((folder) => sourceFiles(folder).filter((file) => !file.includes('/dist/')));
    const patterns = literalPatterns(files);
    expect(patterns.length).toBeGreaterThan(50);
    const unsafe = patterns
      .filter(([where, source]) => !(`${where.replace(/:\d+$/, '')} ${source}` in TRUSTED_INPUT_ONLY))
      .map(([where, source, flags]) => [where, source, verdict(source, flags)])
      .filter(([, , result]) => result !== 'safe');
    expect(unsafe).toEqual([]);
  });
});
