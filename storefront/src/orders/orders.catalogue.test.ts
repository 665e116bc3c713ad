import {
  ADMIN_CANCEL_REASON,
  CANCEL_REASON_MAX,
  DEADLINE_CANCEL_REASON,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  WINDOW_CLOSED_MESSAGE,
  checkTransition,
  moreProductsText,
  validateCancelReason,
} from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { testI18n } from '../test/i18n';
import { cancelReasonText, orderStatusLabels, paymentMethodNames } from './order-texts';
import { PAYMENT_METHOD_NAMES } from './order-view';

// The spec's texts stay word for word in English: the order entries are pinned to the spec constants, and the
// server texts the cancellation shows are the API's own refusals.
describe('the orders catalogue', () => {
  const en = readCatalogue('en');
  const english = testI18n('en');
  const hindi = testI18n('hi');
  const t = english._.bind(english);

  it.each([
    ['orders.order.notFound', ORDER_MESSAGES.notFound],
    ['orders.cancel.missingReason.title', ORDER_MESSAGES.missingReason.title],
    ['orders.cancel.missingReason.text', ORDER_MESSAGES.missingReason.text],
    ['orders.cancel.failed', ORDER_MESSAGES.cancelRequestFailed],
    ['orders.status.cancelRequested', ORDER_MESSAGES.cancellationRequested],
    ['orders.download.failed', ORDER_MESSAGES.invoiceDownloadFailed],
  ])('%s is the spec text', (key, text) => expect(en[key]).toBe(text));

  it("names each status, payment method and Mandi's own cancel reasons in the domain's words", () => {
    expect(orderStatusLabels(t)).toEqual(ORDER_STATUS_LABELS);
    expect(paymentMethodNames(t)).toEqual(PAYMENT_METHOD_NAMES);
    expect(cancelReasonText(t, DEADLINE_CANCEL_REASON)).toBe(DEADLINE_CANCEL_REASON);
    expect(cancelReasonText(t, ADMIN_CANCEL_REASON)).toBe(ADMIN_CANCEL_REASON);
    // In Hindi only the words change; a reason the buyer typed stays as typed.
    const hi = hindi._.bind(hindi);
    expect(cancelReasonText(hi, DEADLINE_CANCEL_REASON)).toBe('8 घंटे के अंदर पुष्टि नहीं हुई');
    expect(cancelReasonText(hi, 'Ordered twice')).toBe('Ordered twice');
  });

  it("says '+N more products' as the domain does", () => {
    for (const count of [1, 2, 12]) expect(t('orders.card.moreProducts', { count })).toBe(moreProductsText(count));
  });

  it("says a too-long cancellation reason as the domain's rule does", () => {
    const problem = validateCancelReason('x'.repeat(CANCEL_REASON_MAX + 1))!;
    expect(t('orders.cancel.reasonTooLong', { max: CANCEL_REASON_MAX })).toBe(problem.text);
    expect(en[`server:${problem.text}`]).toBe(problem.text);
  });

  it("says why an order that is no longer pending cannot be cancelled, in the order's status", () => {
    for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
      expect(t('orders.cancelHint.tooLate', { status })).toBe(
        `A ${ORDER_STATUS_LABELS[status].toLowerCase()} order can no longer be cancelled.`,
      );
    }
  });

  it("translates every refusal of a buyer's cancellation request the API can send", () => {
    const open = { closesAt: new Date(Date.now() + 60_000), now: new Date() };
    const refusals = ORDER_STATUSES.flatMap((status) => {
      const check = checkTransition(status, 'request_cancel', open);
      return check.allowed ? [] : [check.error.message];
    });
    const closed = checkTransition('pending', 'request_cancel', { closesAt: new Date(0), now: new Date() });
    expect(closed.allowed ? null : closed.error.message).toBe(WINDOW_CLOSED_MESSAGE);
    const texts = [
      ...refusals,
      WINDOW_CLOSED_MESSAGE,
      ORDER_MESSAGES.notFound,
      ORDER_MESSAGES.cancelRequestNotYours,
      ORDER_MESSAGES.changedMeanwhile,
      ORDER_MESSAGES.missingReason.text,
    ];
    expect(refusals).toHaveLength(5);
    for (const text of texts) {
      expect(en[`server:${text}`]).toBe(text);
      expect(hindi._(`server:${text}`)).not.toBe(text);
    }
  });
});
