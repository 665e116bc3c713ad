import { CANCEL_REASON_MAX, ORDER_MESSAGES, validateCancelReason } from '@mandi/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-fetch';
import { useConfirm } from '../ui/confirm-dialog';
import { Modal } from '../ui/modal';
import { useCancelRequest } from './order-queries';
import { ORDER_WINDOW_HOURS } from './order-policy';
import { indiaDateTimeText, orderNumberText } from './order-view';
import styles from './orders.module.css';

/**
 * 'Cancel Order': a reason is required (trimmed, 'Missing Reason' otherwise), then PUT cancel-request. A refusal
 * shows the server's message, else 'Error submitting cancellation request' (001 section 8).
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
  const [reason, setReason] = useState('');
  const request = useCancelRequest(orderId);
  const confirm = useConfirm();
  const reasonId = useId();
  const formId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const problem = validateCancelReason(reason);
    if (problem) {
      await confirm({ title: problem.title ?? 'Cancel Order', message: problem.text });
      document.getElementById(reasonId)?.focus();
      return;
    }
    try {
      await request.mutateAsync({ reason: reason.trim() });
      onClose();
    } catch (error) {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : ORDER_MESSAGES.cancelRequestFailed;
      await confirm({ title: 'Cancellation Failed', message });
    }
  };

  return (
    <Modal
      title="Cancel Order"
      onClose={onClose}
      description={
        <>
          {orderNumberText(orderId)} can be cancelled within {ORDER_WINDOW_HOURS} hours of being placed
          {closesAt ? <> (until {indiaDateTimeText(closesAt)})</> : null}. Tell us why you want to cancel.
        </>
      }
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Keep Order
          </button>
          <button type="submit" form={formId} className="btn btn-accent" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Submit Request'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className={styles.cancelForm}>
        <div className="field">
          <label htmlFor={reasonId}>Reason for cancellation</label>
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
