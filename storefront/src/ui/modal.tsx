import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { CloseIcon } from './icons';
import { FOCUSABLE, keepFocusInside } from './focus-trap';
import styles from './modal.module.css';

/** The open modals, innermost last: only that one answers the keyboard. */
const openModals: HTMLElement[] = [];

/**
 * A modal dialog for content larger than the shared popup (forms, lists): labelled by its title, focus moved in on
 * open (the element marked `data-autofocus`, else the first control), kept inside while open and given back on close,
 * Escape and the close button close it. It sits above the header and below the loading overlay and the popups, so a
 * popup asked for from inside it (a confirmation, an error) shows on top.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  description,
  size = 'medium',
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Actions pinned under the scrolling body (Save, Cancel). */
  footer?: ReactNode;
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode;
  size?: 'medium' | 'large';
}) {
  const { t } = useT();
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect: the focus moves in and the page stops scrolling in the commit that shows the dialog, before the
  // browser paints it, so nothing typed or pressed in between lands on the page below.
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog;
    first.focus();
    openModals.push(dialog);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    // On the document, so Escape and Tab still work when the focused element went away (a deleted row); a popup
    // opened above this modal handles its own keys.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || openModals[openModals.length - 1] !== dialog) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && !dialog.contains(target) && target.closest('[role="dialog"], [role="alertdialog"]')) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        keepFocusInside(dialog, event);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(dialog), 1);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${styles[size]}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t('ui.close')} onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        </div>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
