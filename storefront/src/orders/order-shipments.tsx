import type { OrderDetail, OrderItem, OrderShipment } from '@mandi/contracts';
import { parseInstant } from '@mandi/domain';
import { useId } from 'react';
import { useT } from '../i18n/i18n';
import { TruckIcon } from '../ui/icons';
import panels from '../ui/panels.module.css';
import { ShipmentStatusBadge } from './order-status';
import { indiaDateTimeText } from './order-view';
import styles from './orders.module.css';

/*
 * The order's parts on the buyer's order page (issue 31): each seller packs and hands over their own lines, so an
 * order of two sellers travels as two parcels, each with its own courier and tracking number.
 */

/**
 * Whether the parts tell the buyer more than the order's status does: some part is packed or on its way (its
 * tracking number), or the order comes from more than one seller (so in more than one parcel) and is not cancelled
 * altogether. A one-seller order nobody has packed yet, or an order whose parts are all cancelled, says nothing new.
 */
export function partsWorthShowing(parts: readonly OrderShipment[]): boolean {
  if (parts.some((part) => part.status === 'packed' || part.status === 'handed_over')) return true;
  return parts.length > 1 && parts.some((part) => part.status !== 'cancelled');
}

/** The order's parts, Mandi's own first (the API's order): whose, which items, the state and how each travels. */
export function OrderShipments({ order, parts }: { order: OrderDetail; parts: readonly OrderShipment[] }) {
  const { t } = useT();
  if (!partsWorthShowing(parts)) return null;
  const items = new Map(order.items.map((item) => [String(item.order_item_id), item]));
  return (
    <section className={panels.card} aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title" className={panels.cardTitle}>
        <TruckIcon size={20} /> {t('orders.shipments.title')}
      </h2>
      <p className={`${panels.note} ${styles.shipmentsLead}`}>{t('orders.shipments.lead', { count: parts.length })}</p>
      <ol className={styles.shipments}>
        {parts.map((part, index) => (
          <ShipmentPart key={part.shipment_id} part={part} index={index} count={parts.length} items={items} />
        ))}
      </ol>
    </section>
  );
}

function ShipmentPart({
  part,
  index,
  count,
  items,
}: {
  part: OrderShipment;
  index: number;
  count: number;
  items: ReadonlyMap<string, OrderItem>;
}) {
  const titleId = useId();
  const { t, locale } = useT();
  const seller = part.seller.username;
  const lines = part.order_item_ids.flatMap((id) => items.get(String(id)) ?? []);
  const handedOver = part.status === 'handed_over';
  const when = handedOver ? part.handed_over_at : part.status === 'packed' ? part.packed_at : null;
  const instant = when ? parseInstant(when) : null;

  return (
    <li className={styles.shipment}>
      <article aria-labelledby={titleId}>
        <div className={styles.shipmentHead}>
          <div className={styles.shipmentWho}>
            {count > 1 && (
              <span className={styles.shipmentIndex}>{t('orders.shipments.part', { index: index + 1, count })}</span>
            )}
            <h3 id={titleId} className={styles.shipmentSeller}>
              {t('orders.shipments.from', { seller })}
            </h3>
          </div>
          <ShipmentStatusBadge status={part.status} />
        </div>

        {lines.length > 0 && (
          <ul className={styles.shipmentItems} aria-label={t('orders.shipments.items', { seller })}>
            {lines.map((item) => (
              <li key={item.order_item_id}>
                <span className={panels.itemName}>{item.name}</span>{' '}
                <span className={styles.shipmentQuantity}>× {item.quantity}</span>
              </li>
            ))}
          </ul>
        )}

        {handedOver &&
          (part.self_delivery ? (
            <p className={styles.shipmentWay}>{t('orders.shipments.selfDelivery')}</p>
          ) : (
            <dl className={styles.tracking}>
              {part.carrier && (
                <div>
                  <dt>{t('orders.shipments.carrier')}</dt>
                  <dd>{part.carrier}</dd>
                </div>
              )}
              {part.tracking_number && (
                <div>
                  <dt>{t('orders.shipments.trackingNumber')}</dt>
                  <dd className={styles.trackingNumber}>{part.tracking_number}</dd>
                </div>
              )}
            </dl>
          ))}

        {instant && (
          <p className={`${panels.muted} ${styles.shipmentWhen}`}>
            {handedOver
              ? t('orders.shipments.handedOverAt', { date: indiaDateTimeText(instant, locale) })
              : t('orders.shipments.packedAt', { date: indiaDateTimeText(instant, locale) })}
          </p>
        )}
      </article>
    </li>
  );
}
