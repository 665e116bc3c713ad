import { PRODUCT_LIMITS, PRODUCT_MESSAGES, type FieldProblem, type PopupMessage } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';

/**
 * The form's popups with a catalogue entry each ('products.form.popup.<name>.title' and '.text'), by their name in
 * libs/domain PRODUCT_MESSAGES: validateProductInput answers with one of them.
 */
export const FORM_POPUPS = [
  'missingName',
  'nameTooLong',
  'invalidPhone',
  'invalidPrice',
  'missingDescription',
  'descriptionTooLong',
  'missingValidityDate',
  'invalidValidityDate',
  'noImages',
  'tooManyImages',
  'invalidWeight',
  'invalidLength',
  'invalidWidth',
  'invalidHeight',
  'invalidEmail',
  'uploadLimitReached',
  'authenticationRequired',
  'submissionError',
] as const satisfies readonly (keyof typeof PRODUCT_MESSAGES)[];

/** One of the form's popups in the page's language. */
export function formPopup(t: Translator['t'], name: (typeof FORM_POPUPS)[number]): PopupMessage {
  return { title: t(`products.form.popup.${name}.title`), text: t(`products.form.popup.${name}.text`) };
}

/** The 'Invalid File Size' popup for one file: '{file} must be under 5MB'. */
export function fileTooLargePopup(t: Translator['t'], file: string): PopupMessage {
  return {
    title: t('products.form.popup.invalidFileSize.title'),
    text: t('products.form.popup.invalidFileSize.text', { file }),
  };
}

/** validateProductInput's answer in the page's language (the too-large file is the first of `files` over the limit). */
export function problemPopup(t: Translator['t'], problem: FieldProblem, files: readonly File[]): PopupMessage {
  if (problem.title === PRODUCT_MESSAGES.invalidFileSize.title) {
    const tooLarge = files.find((file) => file.size > PRODUCT_LIMITS.imageMaxBytes);
    if (tooLarge) return fileTooLargePopup(t, tooLarge.name);
  }
  const name = FORM_POPUPS.find(
    (key) => PRODUCT_MESSAGES[key].title === problem.title && PRODUCT_MESSAGES[key].text === problem.text,
  );
  return name
    ? formPopup(t, name)
    : { title: problem.title ?? formPopup(t, 'submissionError').title, text: problem.text };
}
