/** What can take the keyboard focus inside a dialog. */
export const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Tab and Shift+Tab cycle through the dialog's controls; focus that was lost (on the page body) comes back in.
 * Shared by every modal surface (the Modal, the header's side menu); a file of its own, so the header does not
 * carry the Modal's styles into the home page.
 */
export function keepFocusInside(dialog: HTMLElement, event: globalThis.KeyboardEvent): void {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = document.activeElement;
  if (!active || !dialog.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
