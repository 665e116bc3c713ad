import { CANCEL_REASON_MAX, ORDER_MESSAGES, validateCancelReason } from '@mandi/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { Modal } from '../ui/modal';
import { useCancelRequest } from './order-queries';
import { ORDER_WINDOW_HOURS } from './order-policy';
import { indiaDateTimeText } from './order-view';
import styles from './orders.module.css';

/**
 * 'Cancel Order': a reason is required (trimmed, 'Missing Reason' otherwise), then PUT cancel-request. A refusal
 * shows the server's message, else 'Error submitting cancellation request' (docs/orders.md). The reason is sent as the
 * buyer typed it, in whatever language.
 */
export function CancelOrderModal({
  orderId,
  closesAt,
  onClose,
}: {
  orderId: string;
  closesAt: Date | null;
  onClose(): void;
}) {
  const { t, locale, serverText } = useT();
  const [reason, setReason] = useState('');
  const request = useCancelRequest(orderId);
  const confirm = useConfirm();
  const reasonId = useId();
  const formId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    // The domain's rule decides; its two problems (none given, too long) read in the visitor's language.
    const problem = validateCancelReason(reason);
    if (problem) {
      const missing = problem.text === ORDER_MESSAGES.missingReason.text;
      await confirm({
        title: missing ? t('orders.cancel.missingReason.title') : t('orders.cancel.title'),
        message: missing
          ? t('orders.cancel.missingReason.text')
          : t('orders.cancel.reasonTooLong', { max: CANCEL_REASON_MAX }),
      });
      document.getElementById(reasonId)?.focus();
      return;
    }
    try {
      await request.mutateAsync({ reason: reason.trim() });
      onClose();
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage ? serverText(error.serverMessage) : t('orders.cancel.failed');
      await confirm({ title: t('orders.cancel.failedTitle'), message });
    }
  };

  const description = closesAt
    ? t('orders.cancel.descriptionUntil', {
        orderId,
        hours: ORDER_WINDOW_HOURS,
        date: indiaDateTimeText(closesAt, locale),
      })
    : t('orders.cancel.description', { orderId, hours: ORDER_WINDOW_HOURS });

  return (
    <Modal
      title={t('orders.cancel.title')}
      onClose={onClose}
      description={description}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('orders.cancel.keep')}
          </button>
          <button type="submit" form={formId} className="btn btn-accent" disabled={request.isPending}>
            {request.isPending ? t('orders.cancel.sending') : t('orders.cancel.submit')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className={styles.cancelForm}>
        <div className="field">
          <label htmlFor={reasonId}>{t('orders.cancel.reason')}</label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={4}
            maxLength={CANCEL_REASON_MAX}
            required
            aria-required="true"
            data-autofocus
          />
        </div>
      </form>
    </Modal>
  );
}
