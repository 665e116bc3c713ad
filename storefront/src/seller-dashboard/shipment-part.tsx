import type { SellerOrder } from '@mandi/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useOfflineNotice } from '../api/use-offline-notice';
import { useT } from '../i18n/i18n';
import { ShipmentStatusBadge } from '../orders/order-status';
import { shipmentStatusLabels } from '../orders/order-texts';
import panels from '../ui/panels.module.css';
import { BUSINESS_PROFILE_ID } from './business-profile-panel';
import { HandOverModal } from './hand-over-modal';
import { usePackShipment, useRefreshSellerOrders } from './seller-dashboard-queries';
import styles from './seller-dashboard.module.css';
import { ShipmentProblem, moveProblemOf, type MoveProblem } from './shipment-problem';
import { sellerShipmentText } from './shipment-texts';

/** Where the focus goes once a move is done: the part's state (its button is gone), or the Business profile panel. */
type FocusTarget = 'state' | 'profile';

/**
 * The seller's own part of an order on its card (issue 31): its state ('To pack', 'Handed over to India Post ·
 * EK123456789IN', 'Delivered by you') and, on the seller's own dashboard for a confirmed order, the next move: 'Mark
 * as packed', then 'Hand over' (a form in a modal). Someone else's dashboard (an admin's view) shows the state only.
 * The button keeps its place while its move changes, so the focus stays on it from packing to handing over.
 */
export function SellerShipment({
  uid,
  order,
  canMove,
  describedBy,
}: {
  uid: string;
  order: SellerOrder;
  /** The seller's own dashboard: the moves are theirs. */
  canMove: boolean;
  /** The id of the card's title, read with the button ('Mark as packed, Order #1041'). */
  describedBy: string;
}) {
  const { t } = useT();
  const labelId = useId();
  const shipment = order.shipment;
  const pack = usePackShipment(uid);
  const refreshOrders = useRefreshSellerOrders(uid);
  const explainOffline = useOfflineNotice();
  const [handingOver, setHandingOver] = useState(false);
  const [problem, setProblem] = useState<MoveProblem | null>(null);
  const [done, setDone] = useState<'packed' | 'handed_over' | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const stateRef = useRef<HTMLDivElement>(null);

  // After the commit that closed the modal (which gives the focus back to its opener first).
  useEffect(() => {
    if (!focus) return;
    if (focus === 'state') stateRef.current?.focus();
    else document.getElementById(BUSINESS_PROFILE_ID)?.focus();
    setFocus(null);
  }, [focus]);

  const next =
    canMove && order.status === 'confirmed'
      ? shipment.status === 'to_pack'
        ? 'pack'
        : shipment.status === 'packed'
          ? 'hand_over'
          : null
      : null;
  const waiting = canMove && order.status === 'pending' && shipment.status === 'to_pack';
  const text = sellerShipmentText(t, shipment);

  const onPack = async () => {
    setProblem(null);
    setDone(null);
    try {
      await pack.mutateAsync(shipment.shipment_id);
      setDone('packed');
    } catch (error) {
      if (await explainOffline(error)) return;
      setProblem(moveProblemOf(error));
    }
  };

  const onMove = () => {
    if (pack.isPending) return;
    if (next === 'pack') void onPack();
    else {
      setProblem(null);
      setDone(null);
      setHandingOver(true);
    }
  };

  return (
    <div className={styles.shipment} role="group" aria-labelledby={labelId}>
      <div ref={stateRef} className={styles.shipmentState} tabIndex={-1}>
        <span id={labelId} className={styles.footLabel}>
          {t('sellerDashboard.shipment.title')}
        </span>
        <ShipmentStatusBadge status={shipment.status}>
          {text !== shipmentStatusLabels(t)[shipment.status] ? text : undefined}
        </ShipmentStatusBadge>
      </div>

      {next && (
        <button
          type="button"
          className={`btn ${next === 'pack' ? 'btn-primary' : 'btn-accent'} ${styles.shipmentMove}`}
          aria-describedby={describedBy}
          // Not `disabled`: a disabled button drops the keyboard focus, which should stay here for the next move.
          aria-disabled={pack.isPending || undefined}
          onClick={onMove}
        >
          {next === 'hand_over'
            ? t('sellerDashboard.shipment.handOver')
            : pack.isPending
              ? t('sellerDashboard.shipment.packing')
              : t('sellerDashboard.shipment.pack')}
        </button>
      )}
      {waiting && <p className={`${panels.note} ${styles.shipmentNote}`}>{t('sellerDashboard.shipment.waiting')}</p>}

      <p className={styles.shipmentDone} role="status">
        {done === 'packed' && t('sellerDashboard.shipment.done.packed')}
        {done === 'handed_over' && t('sellerDashboard.shipment.done.handedOver')}
      </p>
      {problem && <ShipmentProblem problem={problem} onToProfile={() => setFocus('profile')} />}

      {handingOver && (
        <HandOverModal
          uid={uid}
          shipmentId={shipment.shipment_id}
          orderNumber={t('orders.number', { orderId: order.order_id })}
          onClose={(refused) => {
            setHandingOver(false);
            // A refusal usually means the order or the part changed meanwhile.
            if (refused) void refreshOrders();
          }}
          onHandedOver={() => {
            setHandingOver(false);
            setDone('handed_over');
            setFocus('state');
          }}
          onToProfile={() => {
            setHandingOver(false);
            setProblem({ kind: 'approval' });
            setFocus('profile');
          }}
        />
      )}
    </div>
  );
}
