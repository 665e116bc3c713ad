import type { Language } from '@mandi/domain';
import Handlebars from 'handlebars';
import type { Translator } from './message-catalogues.js';

/** What a render gives the message helpers (as handlebars' `@data`): the language and which version it writes. */
interface MessageData {
  /** The language's code, for `<html lang="{{@lang}}">`. */
  readonly lang: Language;
  readonly translator: Translator;
  /** HTML (values escaped) or plain text (values as they are). */
  readonly html: boolean;
}

/** A hash value of `t` as HTML writes it: escaped, unless a helper made it markup (`strong`). */
function htmlValue(value: unknown): unknown {
  if (value instanceof Handlebars.SafeString) return value.toString();
  return typeof value === 'number' ? value : Handlebars.escapeExpression(value as string);
}

/**
 * Registers the catalogue helpers on a handlebars environment, for templates rendered with {@link messageData}:
 * `{{t "mail.greeting" username=username}}` writes a catalogue message in the render's language, its values escaped
 * in HTML (the catalogue's own text is ours and written as it is, so it may not hold a value's markup), and
 * `(strong value)` makes a value bold in HTML only.
 */
export function registerMessageHelpers(handlebars: typeof Handlebars): void {
  handlebars.registerHelper('t', (id: unknown, options: Handlebars.HelperOptions) => {
    const { translator, html } = (options.data ?? {}) as Partial<MessageData>;
    if (!translator)
      throw new Error(`A template asks for the message '${String(id)}' but was rendered without a translator`);
    const hash = options.hash as Record<string, unknown>;
    if (!html) return translator.t(String(id), hash);
    const values = Object.fromEntries(Object.entries(hash).map(([key, value]) => [key, htmlValue(value)]));
    return new Handlebars.SafeString(translator.t(String(id), values));
  });
  handlebars.registerHelper('strong', (value: unknown, options: Handlebars.HelperOptions) => {
    const { html } = (options.data ?? {}) as Partial<MessageData>;
    return html ? new Handlebars.SafeString(`<strong>${Handlebars.escapeExpression(value as string)}</strong>`) : value;
  });
}

/** The runtime options that render a template's words in the language of `translator`, as HTML or as plain text. */
export function messageData(translator: Translator, html: boolean): Handlebars.RuntimeOptions {
  return { data: { lang: translator.language, translator, html } satisfies MessageData };
}
