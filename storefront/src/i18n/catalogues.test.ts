import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { LANGUAGES } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { CATALOGUES_DIR, readCatalogue } from '../../vite-catalogues';

const SOURCE_DIR = join(CATALOGUES_DIR, '..', '..');

/** The names an ICU message fills in: its arguments and the subjects of its plurals and selects. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const choice of token.cases) walk(choice.tokens);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Every source file of the storefront except tests. */
function sourceFiles(dir = SOURCE_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, readCatalogue(language)]));

describe('the message catalogues', () => {
  it('have the same area files in every language', () => {
    const files = (language: string) => readdirSync(join(CATALOGUES_DIR, language)).sort();
    for (const language of LANGUAGES) expect(files(language)).toEqual(files('en'));
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every English key and no other', (language) => {
    const missing = Object.keys(catalogues.en!).filter((key) => !(key in catalogues[language]!));
    const extra = Object.keys(catalogues[language]!).filter((key) => !(key in catalogues.en!));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('fill in the same values in every language, with valid ICU and no empty text', () => {
    const problems: string[] = [];
    for (const [key, english] of Object.entries(catalogues.en!)) {
      for (const language of LANGUAGES) {
        const message = catalogues[language]![key];
        if (message === undefined) continue;
        if (message.trim() === '') problems.push(`${language} ${key}: empty`);
        try {
          const names = argumentsOf(message);
          const expected = argumentsOf(english);
          if (names.join() !== expected.join())
            problems.push(`${language} ${key}: fills ${names} instead of ${expected}`);
        } catch (error) {
          problems.push(`${language} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every key the code asks for', () => {
    // t('key', …), i18n._('key'), <Trans id="key" …> and msg('key'): the literal keys of the code.
    const used = /\b(?:t|_|msg)\(\s*'([\w.-]+)'|<Trans\s+id="([\w.-]+)"/g;
    const missing: string[] = [];
    for (const file of sourceFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(used)) {
        const key = match[1] ?? match[2]!;
        if (!(key in catalogues.en!)) missing.push(`${relative(SOURCE_DIR, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
