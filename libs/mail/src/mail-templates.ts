import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, type Language } from '@mandi/domain';
import Handlebars from 'handlebars';
import { MessageCatalogues, type Translator } from './message-catalogues.js';
import { messageData, registerMessageHelpers } from './message-helpers.js';

/** Both bodies of a rendered mail. */
export interface RenderedMail {
  readonly html: string;
  readonly text: string;
}

interface CompiledMail {
  readonly html: Handlebars.TemplateDelegate;
  readonly text: Handlebars.TemplateDelegate;
}

/**
 * The handlebars templates of a folder of mails: `<name>.html.hbs` and `<name>.text.hbs` for each mail, and
 * `partials/<partial>.hbs` (e.g. the HTML layout, used as `{{#> layout}}...{{/layout}}`). Each template is read and
 * compiled once, on first use, then kept.
 *
 * Values are HTML-escaped in the HTML version and left as they are in the text version (a link must stay a
 * working link there). Templates are strict: a value the template names but the data lacks is an error, not a
 * blank in someone's mailbox.
 *
 * Words come from the message catalogues of `catalogues/` in the same folder (see MessageCatalogues), in the
 * language of the translator a mail is rendered with (`{{t "key" value=...}}` and `(strong value)`, see
 * registerMessageHelpers); `{{@lang}}` is the language's code.
 */
export class MailTemplates {
  private readonly handlebars = Handlebars.create();
  private readonly compiled = new Map<string, CompiledMail>();
  private partialsLoaded = false;
  private readonly catalogues: MessageCatalogues | null;

  /**
   * `dir` is a folder URL, e.g. `new URL('../../templates/mail/', import.meta.url)`; it must end with '/'. Its
   * `catalogues/` folder, when there is one, is read and compiled now, unless `catalogues` are given.
   */
  constructor(
    private readonly dir: URL,
    catalogues?: MessageCatalogues,
  ) {
    if (!dir.pathname.endsWith('/')) throw new Error(`Mail template folder must end with '/': ${dir.href}`);
    const own = new URL('catalogues/', dir);
    this.catalogues = catalogues ?? (existsSync(own) ? new MessageCatalogues(own) : null);
    registerMessageHelpers(this.handlebars);
  }

  /** The texts and formats of `language`, from the templates' catalogues (subjects and views use them too). */
  translator(language: Language = DEFAULT_LANGUAGE): Translator {
    if (!this.catalogues) throw new Error(`Mail templates in ${this.dir.pathname} have no catalogues`);
    return this.catalogues.translator(language);
  }

  /** Renders mail `name` with `data`, its words in the language of `translator` (English unless told). */
  render(name: string, data: object, translator?: Translator): RenderedMail {
    const mail = this.compiledMail(name);
    const words = translator ?? (this.catalogues ? this.translator() : null);
    if (!words) return { html: mail.html(data), text: mail.text(data) };
    return { html: mail.html(data, messageData(words, true)), text: mail.text(data, messageData(words, false)) };
  }

  private compiledMail(name: string): CompiledMail {
    let mail = this.compiled.get(name);
    if (!mail) {
      this.loadPartials();
      mail = {
        html: this.handlebars.compile(this.read(`${name}.html.hbs`), { strict: true }),
        text: this.handlebars.compile(this.read(`${name}.text.hbs`), { strict: true, noEscape: true }),
      };
      this.compiled.set(name, mail);
    }
    return mail;
  }

  private loadPartials(): void {
    if (this.partialsLoaded) return;
    const dir = new URL('partials/', this.dir);
    if (existsSync(dir)) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.hbs'))) {
        this.handlebars.registerPartial(file.slice(0, -'.hbs'.length), readFileSync(new URL(file, dir), 'utf8'));
      }
    }
    this.partialsLoaded = true;
  }

  private read(file: string): string {
    const url = new URL(file, this.dir);
    if (!existsSync(url)) throw new Error(`Mail template ${file} not found in ${this.dir.pathname}`);
    return readFileSync(url, 'utf8');
  }
}
