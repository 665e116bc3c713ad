import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useT } from '../i18n/i18n';
import styles from './confirm-dialog.module.css';

/** What the shared popup shows (docs/frontends.md): with confirm it offers Cancel and OK. */
export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirm?: boolean;
  /** Label of the OK button; defaults to 'OK' in the page's language. */
  okLabel?: string;
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;

interface Pending extends ConfirmOptions {
  id: number;
  resolve(answer: boolean): void;
}

const ConfirmContext = createContext<Ask | null>(null);

/** Hosts the one popup of the app; popups asked for while one is open wait their turn. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(0);

  const ask = useCallback<Ask>(
    (options) =>
      new Promise<boolean>((resolve) => {
        nextId.current += 1;
        const id = nextId.current;
        setQueue((items) => [...items, { ...options, id, resolve }]);
      }),
    [],
  );

  const answer = useCallback((value: boolean) => {
    setQueue(([first, ...rest]) => {
      first?.resolve(value);
      return rest;
    });
  }, []);

  const current = queue[0];
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {current && <ConfirmDialog key={current.id} pending={current} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

/** `const confirm = useConfirm(); if (await confirm({title, message, confirm: true})) ...` */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return ask;
}

/** Shows one of the domain's {title, text} messages with OK only: `await popup(SIGN_IN_MESSAGES.accountSuspended)`. */
export function usePopup(): (message: { title: string; text: string }) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback((message) => confirm({ title: message.title, message: message.text }), [confirm]);
}

function ConfirmDialog({ pending, onAnswer }: { pending: Pending; onAnswer(value: boolean): void }) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const asking = pending.confirm === true;
  const { t } = useT();

  // In the commit that shows the popup (as the modal does): a key pressed right after lands on its button.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    okRef.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the popup while it is open.
    const buttons = dialogRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!buttons || buttons.length === 0) return;
    const first = buttons[0]!;
    const last = buttons[buttons.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role={asking ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {pending.title}
        </h2>
        <div id={messageId} className={styles.message}>
          {pending.message}
        </div>
        <div className={styles.actions}>
          {asking && (
            <button type="button" className="btn btn-outline" onClick={() => onAnswer(false)}>
              {t('ui.cancel')}
            </button>
          )}
          <button ref={okRef} type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>
            {pending.okLabel ?? t('ui.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
