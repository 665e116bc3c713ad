import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** Where the storefront's message catalogues live: one folder per language, one flat JSON file per area. */
export const CATALOGUES_DIR = join(import.meta.dirname, 'src/i18n/catalogues');

const PREFIX = 'virtual:catalogue/';
const RESOLVED = '\0' + PREFIX;

/**
 * The messages the first screen needs (the shell and footer, the home page, its cards and popups, the offline banner, the error
 * page): the 'start' part of a catalogue, loaded before the app starts. Every other message is in the 'rest' part,
 * loaded with the first page that is not the home page (app-routes.tsx), so a phone downloads the texts of the sell
 * form, checkout or the legal pages only when it opens one. src/i18n/start-texts.test.tsx renders the first screen
 * with the start part alone and fails on any message it lacks.
 */
const START_KEYS = [
  /^(header|language|layout|ui|offline|a11y)\./,
  /^products\.(?!form\.|edit\.|sell\.|page\.|gallery\.)/,
  /^site\.(routeError|info)\./,
];
export type CataloguePart = 'start' | 'rest' | 'all';

export function inPart(key: string, part: CataloguePart): boolean {
  if (part === 'all') return true;
  return START_KEYS.some((pattern) => pattern.test(key)) === (part === 'start');
}

/** Every message of one language (or one part): the area files of its folder merged, a key defined twice being an error. */
export function readCatalogue(language: string, part: CataloguePart = 'all'): Record<string, string> {
  const dir = join(CATALOGUES_DIR, language);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const area = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(area)) {
      if (key in messages) throw new Error(`catalogue ${language}: '${key}' is defined twice (${file})`);
      if (inPart(key, part)) messages[key] = message;
    }
  }
  return messages;
}

/**
 * `import('virtual:catalogue/hi-start')` is one part of one language's catalogue ('start', 'rest', or 'all' for the
 * server and tests) compiled at build time by Lingui's own ICU compiler, so the browser gets ready message tokens and
 * never downloads a MessageFormat parser, and each language is its own chunks, loaded only when it is chosen. A
 * message that is not valid ICU fails the build.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'mandi-compiled-catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? '\0' + id : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [language = '', part = 'all'] = id.slice(RESOLVED.length).split('-');
      if (!['start', 'rest', 'all'].includes(part)) throw new Error(`catalogue ${language}: no part '${part}'`);
      for (const file of readdirSync(join(CATALOGUES_DIR, language)))
        this.addWatchFile(join(CATALOGUES_DIR, language, file));
      const compiled = Object.fromEntries(
        Object.entries(readCatalogue(language, part as CataloguePart)).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`catalogue ${language}: '${key}' is not a valid ICU message: ${(error as Error).message}`, {
              cause: error,
            });
          }
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
