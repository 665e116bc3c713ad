import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The docs are true (issue 29): every file or folder of the repository that README.md, CONTRIBUTING.md or a page of
// docs/ names in backticks exists, and every relative link between them leads somewhere.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The folders a path the docs name starts with. */
const TOP = [
  'apps/',
  'libs/',
  'storefront/',
  'admin-ui/',
  'scripts/',
  'e2e/',
  'bench/',
  'test/',
  'prisma/',
  'tools/',
  'docs/',
  'deploy/',
  '.ci/',
];

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? docs(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
    );
  return ['README.md', 'CONTRIBUTING.md', ...docs('docs')].filter((file) => existsSync(join(root, file)));
}

/** The repository paths a page names in backticks (without a line number or anchor), leaving out patterns. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!.replace(/[:#].*$/, '').replace(/[.,;)]+$/, ''))
    .filter((path) => TOP.some((top) => path.startsWith(top)))
    .filter((path) => !/[*<>{}]|\.\.\./.test(path));
}

/**
 * Whether git ignores `path` as something runs make (a build's `dist/`, the generated Prisma client, `e2e/screenshots/`,
 * `var/`): a page may name those before they exist, as on a fresh clone. A folder pattern of one name (`dist/`) matches
 * at any depth, as in git; one with a slash in it (`/var/`, `libs/database/src/generated/`) from the root.
 */
function madeByRuns(path: string): boolean {
  const folders = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((pattern) =>
      pattern.slice(0, pattern.includes('*') ? pattern.lastIndexOf('/', pattern.indexOf('*')) + 1 : undefined),
    )
    .filter((folder) => folder.endsWith('/'));
  const inside = `/${path.replace(/\/?$/, '/')}`;
  return folders.some((folder) => {
    const anchored = folder.startsWith('/') || folder.slice(0, -1).includes('/');
    const name = `/${folder.replace(/^\//, '')}`;
    return anchored ? inside.startsWith(name) : inside.includes(name);
  });
}

/** The targets of the page's relative Markdown links, resolved from the page's folder. */
function linkedFiles(file: string, text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.replace(/#.*$/, ''))
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
    .map((target) => relative(root, join(root, dirname(file), target)));
}

describe('the docs', () => {
  const files = markdownFiles();

  it('are found, and so are the folders runs make', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/where-to-find-things.md']));
    for (const made of ['e2e/screenshots/home-390.png', 'var/e2e/mail', 'storefront/dist', 'apps/api/dist/main.js']) {
      expect(madeByRuns(made)).toBe(true);
    }
    expect(madeByRuns('apps/api/src/main.ts')).toBe(false);
  });

  it.each(files)('%s names only paths that exist', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const missing = [...new Set(namedPaths(text))].filter((path) => !existsSync(join(root, path)) && !madeByRuns(path));
    expect(missing).toEqual([]);
  });

  it.each(files)('%s links only to files that exist', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const missing = [...new Set(linkedFiles(file, text))].filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });
});
