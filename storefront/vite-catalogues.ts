import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** Where the storefront's message catalogues live: one folder per language, one flat JSON file per area. */
export const CATALOGUES_DIR = join(import.meta.dirname, 'src/i18n/catalogues');

const PREFIX = 'virtual:catalogue/';
const RESOLVED = '\0' + PREFIX;

/** Every message of one language: the area files of its folder merged, a key defined twice being an error. */
export function readCatalogue(language: string): Record<string, string> {
  const dir = join(CATALOGUES_DIR, language);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const area = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(area)) {
      if (key in messages) throw new Error(`catalogue ${language}: '${key}' is defined twice (${file})`);
      messages[key] = message;
    }
  }
  return messages;
}

/**
 * `import('virtual:catalogue/hi')` is one language's catalogue compiled at build time by Lingui's own ICU compiler,
 * so the browser gets ready message tokens and never downloads a MessageFormat parser, and each language is its own
 * chunk, loaded only when it is chosen. A message that is not valid ICU fails the build.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'mandi-compiled-catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? '\0' + id : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      for (const file of readdirSync(join(CATALOGUES_DIR, language))) this.addWatchFile(join(CATALOGUES_DIR, language, file));
      const compiled = Object.fromEntries(
        Object.entries(readCatalogue(language)).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`catalogue ${language}: '${key}' is not a valid ICU message: ${(error as Error).message}`);
          }
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
