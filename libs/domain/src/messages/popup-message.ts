/** A popup's title and text, as the spec's error catalogues name them ('Already in Cart: Product already in cart.'). */
export interface PopupMessage {
  readonly title: string;
  readonly text: string;
}

/** The first failing field of a form: which field, the popup title (where the spec names one) and the text. */
export interface FieldProblem {
  readonly field: string;
  readonly title?: string;
  readonly text: string;
}

/** Makes a {@link FieldProblem} from a field and a popup message. */
export function problem(field: string, message: PopupMessage | string): FieldProblem {
  return typeof message === 'string' ? { field, text: message } : { field, title: message.title, text: message.text };
}
