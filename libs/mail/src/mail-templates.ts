import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Handlebars from 'handlebars';

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
 */
export class MailTemplates {
  private readonly handlebars = Handlebars.create();
  private readonly compiled = new Map<string, CompiledMail>();
  private partialsLoaded = false;

  /** `dir` is a folder URL, e.g. `new URL('../../templates/mail/', import.meta.url)`; it must end with '/'. */
  constructor(private readonly dir: URL) {
    if (!dir.pathname.endsWith('/')) throw new Error(`Mail template folder must end with '/': ${dir.href}`);
  }

  /** Renders mail `name` with `data`. */
  render(name: string, data: object): RenderedMail {
    const mail = this.compiledMail(name);
    return { html: mail.html(data), text: mail.text(data) };
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
