import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@mandi/domain';
import { messageArguments, readCatalogue } from '@mandi/mail';
import { INVOICE_CATALOGUES_DIR } from '../invoices/invoice-texts.js';
import { MAIL_TEMPLATES_DIR } from '../mail/mail-texts.js';

// The worker's message catalogues (issue 18): the mails' (apps/worker/templates/mail/catalogues) and the invoice
// labels' (apps/worker/templates/invoices/catalogues), in the storefront's format. A key missing in a language, a
// message that fills other values than the English one, or a key a template or the code asks for that no catalogue
// has, fails here rather than in someone's mailbox or on a tax document.

const SOURCES = new URL('../', import.meta.url);

/** Each catalogue folder, with the templates and the code that read it. */
const FOLDERS = [
  {
    name: 'mail',
    dir: new URL('catalogues/', MAIL_TEMPLATES_DIR),
    templates: [MAIL_TEMPLATES_DIR, new URL('partials/', MAIL_TEMPLATES_DIR)],
    code: new URL('mail/', SOURCES),
    prefix: 'mail.',
  },
  {
    name: 'invoice',
    dir: INVOICE_CATALOGUES_DIR,
    templates: [new URL('../', INVOICE_CATALOGUES_DIR)],
    code: new URL('invoices/', SOURCES),
    prefix: 'invoice.',
  },
];

const filesOf = (dir: URL, pattern: RegExp) =>
  readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));

describe.each(FOLDERS)('the $name catalogues', ({ dir, templates, code, prefix }) => {
  const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, readCatalogue(dir, language)]));
  const english = catalogues.en!;

  it('have the same area files in every language', () => {
    const files = (language: string) => readdirSync(new URL(`${language}/`, dir)).sort();
    for (const language of LANGUAGES)
      expect({ language, files: files(language) }).toEqual({ language, files: files('en') });
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every English key and no other', (language) => {
    const missing = Object.keys(english).filter((key) => !(key in catalogues[language]!));
    const extra = Object.keys(catalogues[language]!).filter((key) => !(key in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('fill in the same values in every language, with valid ICU and no empty text', () => {
    const problems: string[] = [];
    for (const [key, message] of Object.entries(english)) {
      const expected = messageArguments(compileMessageOrThrow(message));
      for (const language of LANGUAGES) {
        const translated = catalogues[language]![key];
        if (translated === undefined) continue;
        if (translated.trim() === '') problems.push(`${language} ${key}: empty`);
        try {
          const names = messageArguments(compileMessageOrThrow(translated));
          if (names.join() !== expected.join())
            problems.push(`${language} ${key}: fills ${names} instead of ${expected}`);
        } catch (error) {
          problems.push(`${language} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every key the templates and the code ask for', () => {
    const missing: string[] = [];
    // {{t "key" ...}} and (t "key" ...) in the templates.
    for (const folder of templates) {
      for (const { name, text } of filesOf(folder, /\.hbs$/)) {
        for (const [, key] of text.matchAll(/[{(]t "([\w.]+)"/g))
          if (!(key! in english)) missing.push(`${name}: ${key}`);
      }
    }
    // The keys the code's t(...) calls name ('mail.order.total'), and those they complete (`mail.order.method.${m}`):
    // some key must start so.
    for (const { name, text } of filesOf(code, /(?<!\.spec)\.ts$/)) {
      for (const [call] of text.matchAll(/\bt\((?:[^()]|\([^()]*\))*\)/g)) {
        for (const [, key] of call.matchAll(/'([\w.]+)'/g))
          if (key!.startsWith(prefix) && !(key! in english)) missing.push(`${name}: ${key}`);
        for (const [, start] of call.matchAll(/`([\w.]+)\$\{/g)) {
          if (!Object.keys(english).some((key) => key.startsWith(start!))) missing.push(`${name}: ${start}…`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are used: every key is asked for by a template or the code', () => {
    const asked = [
      ...templates.flatMap((folder) => filesOf(folder, /\.hbs$/).map((file) => file.text)),
      ...filesOf(code, /(?<!\.spec)\.ts$/).map((file) => file.text),
    ].join('\n');
    // A key is used when it is named whole, or when the code completes a start of it (`mail.preheader.${name}`).
    const starts = [...asked.matchAll(/`([\w.]+\.)\$\{/g)].map(([, start]) => start!);
    const unused = Object.keys(english).filter(
      (key) =>
        !asked.includes(`"${key}"`) && !asked.includes(`'${key}'`) && !starts.some((start) => key.startsWith(start)),
    );
    expect(unused).toEqual([]);
  });
});

it('reads the catalogues from the folders the worker renders with', () => {
  expect(fileURLToPath(FOLDERS[0]!.dir)).toMatch(/apps\/worker\/templates\/mail\/catalogues\/$/);
  expect(fileURLToPath(FOLDERS[1]!.dir)).toMatch(/apps\/worker\/templates\/invoices\/catalogues\/$/);
});
