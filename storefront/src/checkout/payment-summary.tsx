import { SHIPPING_RATES, formatRupees, type PaymentMethod } from '@mandi/domain';
import type { ReactNode } from 'react';
import panels from '../ui/panels.module.css';
import { PAYMENT_METHOD_LABELS } from './checkout-parts';
import { weightText, type CheckoutSummary } from './checkout-totals';
import styles from './payment.module.css';

/**
 * The payment summary of 001 section 2: Subtotal, Shipping for the chosen method (with the weight it is charged for
 * and, for cash on delivery, the handling part), Grand Total; all en-IN rupees from libs/domain's figures.
 */
export function PaymentSummary({
  summary,
  method,
  itemCount,
  children,
}: {
  summary: CheckoutSummary;
  method: PaymentMethod;
  itemCount: number;
  /** The pay or place-order button. */
  children: ReactNode;
}) {
  const { totals, quote } = summary;
  return (
    <aside className={`${panels.card} ${panels.summary} ${panels.stickySummary} ${styles.summary}`} aria-label="Payment summary">
      <h2 className={`${panels.cardTitle} ${styles.cardTitle}`}>Payment Summary</h2>
      <dl className={`${panels.figures} ${styles.figures}`}>
        <div>
          <dt>
            Subtotal <span className={panels.muted}>({itemCount === 1 ? '1 item' : `${itemCount} items`})</span>
          </dt>
          <dd>{formatRupees(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatRupees(totals.shipping)}</dd>
        </div>
      </dl>
      <p className={styles.shippingDetail}>
        Weight {weightText(totals.totalWeightGrams)}, charged as {quote.chargeableKg} kg ({PAYMENT_METHOD_LABELS[method].title}).
        {method === 'cod' && (
          <>
            {' '}
            Includes {formatRupees(quote.handlingPaise)} cash-on-delivery handling ({SHIPPING_RATES.cod.handlingPercent}% of{' '}
            {formatRupees(quote.basePaise)}).
          </>
        )}
      </p>
      <dl className={`${panels.figures} ${styles.figures} ${panels.grand}`}>
        <div>
          <dt>Grand Total</dt>
          <dd>{formatRupees(totals.grandTotal)}</dd>
        </div>
      </dl>
      <p className={styles.paidBy}>
        Paying by <strong>{PAYMENT_METHOD_LABELS[method].title}</strong>
      </p>
      {children}
    </aside>
  );
}
