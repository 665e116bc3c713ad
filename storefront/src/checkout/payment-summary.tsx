import { Trans } from '@lingui/react';
import { SHIPPING_RATES, formatRupees, type PaymentMethod } from '@mandi/domain';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import panels from '../ui/panels.module.css';
import { paymentMethodLabels } from './checkout-parts';
import { weightText, type CheckoutSummary } from './checkout-totals';
import styles from './payment.module.css';

/**
 * The payment summary of docs/payments.md: Subtotal, Shipping for the chosen method (with the weight it is charged for
 * and, for cash on delivery, the handling part), Grand Total; rupees from libs/domain's figures, en-IN or hi-IN.
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
  const translator = useT();
  const { t, locale, number } = translator;
  const { totals, quote } = summary;
  const money = (paise: number) => formatRupees(paise, locale);
  const methodTitle = paymentMethodLabels(t)[method].title;
  return (
    <aside
      className={`${panels.card} ${panels.summary} ${panels.stickySummary} ${styles.summary}`}
      aria-label={t('checkout.summary.paymentLabel')}
    >
      <h2 className={`${panels.cardTitle} ${styles.cardTitle}`}>{t('checkout.summary.paymentTitle')}</h2>
      <dl className={`${panels.figures} ${styles.figures}`}>
        <div>
          <dt>
            {t('checkout.subtotal')}{' '}
            <span className={panels.muted}>{t('checkout.summary.itemCount', { count: itemCount })}</span>
          </dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('checkout.shipping')}</dt>
          <dd>{money(totals.shipping)}</dd>
        </div>
      </dl>
      <p className={styles.shippingDetail}>
        {t('checkout.summary.weight', {
          weight: weightText(totals.totalWeightGrams, translator),
          kg: number(quote.chargeableKg),
          method: methodTitle,
        })}
        {method === 'cod' && (
          <>
            {' '}
            {t('checkout.summary.codHandling', {
              handling: money(quote.handlingPaise),
              percent: SHIPPING_RATES.cod.handlingPercent,
              base: money(quote.basePaise),
            })}
          </>
        )}
      </p>
      <dl className={`${panels.figures} ${styles.figures} ${panels.grand}`}>
        <div>
          <dt>{t('checkout.summary.grandTotal')}</dt>
          <dd>{money(totals.grandTotal)}</dd>
        </div>
      </dl>
      <p className={styles.paidBy}>
        <Trans id="checkout.summary.payingBy" values={{ method: methodTitle }} components={{ 0: <strong /> }} />
      </p>
      {children}
    </aside>
  );
}
