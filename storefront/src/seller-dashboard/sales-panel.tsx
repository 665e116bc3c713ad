import type { SalesFigure, SellerDashboard } from '@mandi/contracts';
import { type SellerOrderPeriod } from '@mandi/domain';
import { useId } from 'react';
import { useT } from '../i18n/i18n';
import { orderStatusLabels } from '../orders/order-texts';
import panels from '../ui/panels.module.css';
import { salesPeriodLabels } from './seller-dashboard-texts';
import styles from './seller-dashboard.module.css';

const SALES: { key: keyof SellerDashboard['sales']; period: SellerOrderPeriod }[] = [
  { key: 'today', period: 'today' },
  { key: 'last_7_days', period: '7d' },
  { key: 'last_30_days', period: '30d' },
];

/** The sales of today, 7 and 30 days, and which orders count. */
export function Sales({ dashboard }: { dashboard: SellerDashboard }) {
  const titleId = useId();
  const { t, locale } = useT();
  const labels = salesPeriodLabels(t);
  const statuses = orderStatusLabels(t);
  // 'pending, confirmed, shipped or delivered', as the language lists alternatives.
  const counted = new Intl.ListFormat(locale, { type: 'disjunction' }).format(
    dashboard.counted_statuses.map((status) => statuses[status].toLocaleLowerCase(locale)),
  );
  return (
    <section className={styles.sales} aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('sellerDashboard.sales.title')}
      </h2>
      <ul className={styles.figures}>
        {SALES.map(({ key, period }) => (
          <li key={key} className={`${panels.surface} ${styles.figure}`}>
            <SalesCard label={labels[period]} figure={dashboard.sales[key]} />
          </li>
        ))}
      </ul>
      <p className={panels.note}>{t('sellerDashboard.sales.note', { statuses: counted })}</p>
    </section>
  );
}

function SalesCard({ label, figure }: { label: string; figure: SalesFigure }) {
  const { t, rupees } = useT();
  return (
    <>
      <span className={styles.figureLabel}>{label}</span>
      <strong className={styles.figureAmount}>{rupees(figure.amount)}</strong>
      <span className={styles.figureCounts}>
        {t('sellerDashboard.sales.counts', { orders: figure.orders, packs: figure.packs })}
      </span>
    </>
  );
}
