import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MailTemplates } from './mail-templates.js';
import { MessageCatalogues } from './message-catalogues.js';

// The worker's catalogues: ICU messages compiled by Lingui at start-up, strict at render, and the words of the mail
// templates in the recipient's language.

describe('message catalogues', () => {
  let dir: string;
  const write = (language: string, file: string, messages: Record<string, string>) => {
    mkdirSync(join(dir, 'catalogues', language), { recursive: true });
    writeFileSync(join(dir, 'catalogues', language, file), JSON.stringify(messages));
  };
  const catalogues = () => new MessageCatalogues(pathToFileURL(`${dir}/catalogues/`));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mandi-catalogues-'));
    write('en', 'mail.json', {
      'mail.greeting': 'Hi {username},',
      'mail.packs': '{count, plural, one {# pack} other {# packs}}',
      'mail.paid': 'Paid {amount} by {means}.',
    });
    write('hi', 'mail.json', {
      'mail.greeting': 'नमस्ते {username},',
      'mail.packs': '{count, plural, other {# पैक}}',
      'mail.paid': '{means} से {amount} का भुगतान हुआ।',
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fills messages, plurals included, in each language', () => {
    const [en, hi] = [catalogues().translator('en'), catalogues().translator('hi')];
    expect(en.t('mail.greeting', { username: 'Ravi' })).toBe('Hi Ravi,');
    expect([1, 3].map((count) => en.t('mail.packs', { count }))).toEqual(['1 pack', '3 packs']);
    expect(hi.t('mail.packs', { count: 1 })).toBe('1 पैक');
    expect(hi.t('mail.paid', { amount: hi.rupees(145_000), means: 'UPI' })).toBe('UPI से ₹1,450.00 का भुगतान हुआ।');
  });

  it('writes dates, times and rupees in en-IN and hi-IN, on an Indian clock', () => {
    const [en, hi] = [catalogues().translator('en'), catalogues().translator('hi')];
    const evening = new Date('2026-11-24T12:35:00Z');
    expect([en.date(evening), en.time(evening), en.rupees(10_520_850)]).toEqual([
      '24 Nov 2026',
      '24 Nov 2026, 6:05 pm IST',
      '₹1,05,208.50',
    ]);
    expect([hi.date(evening), hi.time(evening), hi.rupees(10_520_850)]).toEqual([
      '24 नवंबर 2026',
      '24 नवंबर 2026, शाम 6:05 IST',
      '₹1,05,208.50',
    ]);
    expect(hi.time(new Date('2026-03-04T23:30:00Z'))).toBe('05 मार्च 2026, सुबह 5:00 IST');
  });

  it('refuses an unknown key and a message without its values, rather than mail a blank', () => {
    const en = catalogues().translator('en');
    expect(() => en.t('mail.farewell')).toThrow("catalogue en: no message 'mail.farewell'");
    expect(() => en.t('mail.paid', { amount: '₹1' })).toThrow("catalogue en: message 'mail.paid' needs means");
  });

  it('stops at the start on a message that is not ICU, a key defined twice or a missing language', () => {
    write('hi', 'broken.json', { 'mail.broken': 'नमस्ते {username' });
    expect(catalogues).toThrow(/catalogue hi: 'mail.broken' is not a valid ICU message/);
    write('hi', 'broken.json', { 'mail.greeting': 'दोबारा' });
    expect(catalogues).toThrow("catalogue hi: 'mail.greeting' is defined twice (mail.json)");
    rmSync(join(dir, 'catalogues', 'hi'), { recursive: true });
    expect(catalogues).toThrow(/No hi catalogue/);
  });

  it("gives the templates their words in the translator's language, values escaped in HTML only, and the lang", () => {
    mkdirSync(join(dir, 'partials'));
    writeFileSync(join(dir, 'partials', 'layout.hbs'), '<html lang="{{@lang}}">{{> @partial-block}}</html>');
    writeFileSync(
      join(dir, 'paid.html.hbs'),
      '{{#> layout}}<p>{{t "mail.greeting" username=name}}</p><p>{{t "mail.paid" amount=(strong amount) means=means}}</p>{{/layout}}',
    );
    writeFileSync(
      join(dir, 'paid.text.hbs'),
      '{{t "mail.greeting" username=name}}\n{{t "mail.paid" amount=(strong amount) means=means}}',
    );
    const templates = new MailTemplates(pathToFileURL(`${dir}/`));
    const data = { name: 'Ravi & <Sita>', amount: '₹1,450.00', means: 'UPI' };

    expect(templates.render('paid', data)).toEqual({
      html: '<html lang="en"><p>Hi Ravi &amp; &lt;Sita&gt;,</p><p>Paid <strong>₹1,450.00</strong> by UPI.</p></html>',
      text: 'Hi Ravi & <Sita>,\nPaid ₹1,450.00 by UPI.',
    });
    expect(templates.render('paid', data, templates.translator('hi'))).toEqual({
      html: '<html lang="hi"><p>नमस्ते Ravi &amp; &lt;Sita&gt;,</p><p>UPI से <strong>₹1,450.00</strong> का भुगतान हुआ।</p></html>',
      text: 'नमस्ते Ravi & <Sita>,\nUPI से ₹1,450.00 का भुगतान हुआ।',
    });
  });
});
