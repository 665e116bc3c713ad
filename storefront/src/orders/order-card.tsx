import type { OrderSummary } from '@mandi/contracts';
import { Trans } from '@lingui/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { LinePicture } from '../checkout/checkout-parts';
import { useT } from '../i18n/i18n';
import panels from '../ui/panels.module.css';
import { OrderStatusBadge } from './order-status';
import { cardAmount, indiaDateText, itemPicture, placedAt } from './order-view';
import styles from './orders.module.css';

/** One card of My Orders: the first item's picture and name, number, date, status, amount, the rest, 'View Order'. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { t, locale } = useT();
  const titleId = useId();
  const first = order.firstItem ?? order.items[0] ?? null;
  const others = order.items.filter((item) => item !== first && item.order_item_id !== first?.order_item_id);
  const placed = placedAt(order);
  const amount = cardAmount(order, locale);
  const orderNumber = t('orders.number', { orderId: order.order_id });
  return (
    <article className={`${panels.surface} ${styles.orderCard}`} aria-labelledby={titleId}>
      <header className={styles.orderCardHead}>
        <div>
          <h2 id={titleId} className={styles.orderNumber}>
            {orderNumber}
          </h2>
          <span className={panels.muted}>
            <Trans
              id="orders.placedOn"
              values={{ date: indiaDateText(placed, locale) }}
              components={{ 0: <time dateTime={placed?.toISOString()} /> }}
            />
          </span>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <div className={styles.orderCardBody}>
        <LinePicture src={itemPicture(first)} size={80} />
        <div className={styles.orderCardItems}>
          <span className={panels.itemName}>{first ? first.name : t('orders.card.noItems')}</span>
          {first && <span className={panels.muted}>{t('orders.quantity', { quantity: first.quantity })}</span>}
          {others.length > 0 && (
            <div className={styles.more}>
              <span className={styles.moreTitle}>{t('orders.card.moreProducts', { count: others.length })}</span>
              <ul aria-label={t('orders.card.otherProducts', { orderId: order.order_id })}>
                {others.map((item) => (
                  <li key={item.order_item_id}>
                    {item.name} <span className={panels.muted}>× {item.quantity}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>

      <footer className={styles.orderCardFoot}>
        <span className={styles.amount}>
          <span className={panels.muted}>{amount.isTotal ? t('orders.total') : t('orders.card.itemsTotal')}</span>{' '}
          <strong>{amount.text}</strong>
        </span>
        <Link
          to={`/order/${encodeURIComponent(order.order_id)}`}
          className="btn btn-outline"
          aria-describedby={titleId}
        >
          {t('orders.card.view')}
        </Link>
      </footer>
    </article>
  );
}
