import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MailTemplates } from './mail-templates.js';

describe('mail templates', () => {
  let dir: string;
  let templates: MailTemplates;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mandi-mail-templates-'));
    mkdirSync(join(dir, 'partials'));
    writeFileSync(join(dir, 'partials', 'layout.hbs'), '<main title="{{title}}">{{> @partial-block}}</main>');
    writeFileSync(
      join(dir, 'welcome.html.hbs'),
      '{{#> layout title="Welcome"}}<p>Hi {{name}}</p><a href="{{link}}">go</a>{{/layout}}',
    );
    writeFileSync(join(dir, 'welcome.text.hbs'), 'Hi {{name}}, open {{link}}');
    templates = new MailTemplates(pathToFileURL(`${dir}/`));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders the HTML version in its layout, escaping every value', () => {
    const { html } = templates.render('welcome', {
      name: '<script>alert("x")</script>',
      link: 'https://mandi.test/a?b=1&c="2"',
    });
    expect(html).toBe(
      '<main title="Welcome"><p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>' +
        '<a href="https://mandi.test/a?b&#x3D;1&amp;c&#x3D;&quot;2&quot;">go</a></main>',
    );
  });

  it('leaves values as they are in the text version, so a link stays a working link', () => {
    const { text } = templates.render('welcome', { name: 'Ravi & Sita', link: 'https://mandi.test/a?b=1&c=2' });
    expect(text).toBe('Hi Ravi & Sita, open https://mandi.test/a?b=1&c=2');
  });

  it('reads and compiles each template once', () => {
    templates.render('welcome', { name: 'Ravi', link: 'https://mandi.test' });
    writeFileSync(join(dir, 'welcome.text.hbs'), 'changed');
    expect(templates.render('welcome', { name: 'Ravi', link: 'https://mandi.test' }).text).toBe(
      'Hi Ravi, open https://mandi.test',
    );
  });

  it('refuses data that lacks a value the template names, rather than mail a blank', () => {
    expect(() => templates.render('welcome', { name: 'Ravi' })).toThrow(/"link" not defined/);
  });

  it('names a template that does not exist', () => {
    expect(() => templates.render('farewell', {})).toThrow(`Mail template farewell.html.hbs not found in ${dir}/`);
  });

  it('wants a folder URL', () => {
    expect(() => new MailTemplates(pathToFileURL(dir))).toThrow(/must end with '\/'/);
  });
});
