import { useCallback } from 'react';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { isOfflineError } from './offline';

/** The actions with their own wording; any other says "this needs an internet connection". */
export type NetworkAction = 'addToCart' | 'placeOrder' | 'other';

/**
 * For screens whose action needs the network: `explainOffline(error, action)` shows the popup saying so when `error`
 * is an OfflineError and resolves true once it is closed; for any other error it resolves false at once and the
 * caller shows its own text.
 *
 * ```ts
 * const explainOffline = useOfflineNotice();
 * try { ... } catch (error) {
 *   if (await explainOffline(error, 'addToCart')) return;
 *   ...
 * }
 * ```
 */
export function useOfflineNotice(): (error: unknown, action?: NetworkAction) => Promise<boolean> {
  const confirm = useConfirm();
  const { t } = useT();
  return useCallback(
    async (error, action = 'other') => {
      if (!isOfflineError(error)) return false;
      await confirm(error.mayHaveArrived ? connectionLost(t, action) : notSent(t, action));
      return true;
    },
    [confirm, t],
  );
}

type Translate = ReturnType<typeof useT>['t'];

/** The device was offline: nothing was sent. */
function notSent(t: Translate, action: NetworkAction) {
  const message = {
    addToCart: () => t('offline.notSent.addToCart'),
    placeOrder: () => t('offline.notSent.placeOrder'),
    other: () => t('offline.notSent.other'),
  }[action]();
  return { title: t('offline.notSent.title'), message };
}

/** The change was sent and the connection broke before the answer: the server may have acted on it. */
function connectionLost(t: Translate, action: NetworkAction) {
  const message = {
    addToCart: () => t('offline.lost.addToCart'),
    placeOrder: () => t('offline.lost.placeOrder'),
    other: () => t('offline.lost.other'),
  }[action]();
  return { title: t('offline.lost.title'), message };
}
