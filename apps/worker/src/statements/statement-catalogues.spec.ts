import { readdirSync, readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@mandi/domain';
import { messageArguments, readCatalogue } from '@mandi/mail';
import { STATEMENT_CATALOGUES_DIR, STATEMENT_TEMPLATES_DIR, statementTexts } from './statement-templates.js';

// The statement's label catalogues (apps/worker/templates/statements/catalogues), held to the rules the mail and
// invoice catalogues are held to in apps/worker/src/i18n/catalogues.spec.ts: every key in every language with the
// same values, every key a template or the code asks for there, and none unused.

const CODE = new URL('./', import.meta.url);

const filesOf = (dir: URL, pattern: RegExp) =>
  readdirSync(dir)
    .filter((name) => pattern.test(name) && !name.endsWith('.spec.ts'))
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [language, readCatalogue(STATEMENT_CATALOGUES_DIR, language)]),
);
const english = catalogues.en!;
const templates = filesOf(STATEMENT_TEMPLATES_DIR, /\.hbs$/);
const code = filesOf(CODE, /\.ts$/);

describe('the statement catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every English key and no other', (language) => {
    const missing = Object.keys(english).filter((key) => !(key in catalogues[language]!));
    const extra = Object.keys(catalogues[language]!).filter((key) => !(key in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('fill in the same values in every language, with valid ICU and no empty text', () => {
    const problems: string[] = [];
    for (const [key, message] of Object.entries(english)) {
      const expected = messageArguments(compileMessageOrThrow(message)).join();
      for (const language of LANGUAGES) {
        const translated = catalogues[language]![key] ?? '';
        if (translated.trim() === '') problems.push(`${language} ${key}: empty`);
        else if (messageArguments(compileMessageOrThrow(translated)).join() !== expected)
          problems.push(`${language} ${key}: fills other values`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every key the template and the code ask for, and no key neither asks for', () => {
    const asked = new Set<string>();
    for (const { text } of templates) for (const [, key] of text.matchAll(/[{(]t "([\w.]+)"/g)) asked.add(key!);
    // A quoted 'statement.<key>' in the code (but the template's file name).
    for (const { text } of code)
      for (const [, key] of text.matchAll(/'(statement\.[\w.]+)'/g)) if (!key!.endsWith('.hbs')) asked.add(key!);
    expect([...asked].filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !asked.has(key))).toEqual([]);
  });

  it('compile for the worker in every language', () => {
    for (const language of LANGUAGES) expect(statementTexts(language).t('statement.title')).not.toBe('');
  });
});
