import { Prisma } from '@mandi/database';
import {
  ORDER_TRANSITIONS,
  isOrderStatus,
  type OrderAction,
  type OrderStatus,
  type OrderTransition,
} from '@mandi/domain';
import { outboxInsertSql, sqlIdentifier, type EventType, type OutboxSource } from '@mandi/events';
import { windowRuleSql } from './order-window.sql.js';

/**
 * Every order move in SQL, derived from ORDER_TRANSITIONS of libs/domain: its from-states, its target, its window rule,
 * the cancellation reason it records and the event it announces. A move is ONE conditional UPDATE with its outbox row
 * in the same statement (no interactive transaction, which also keeps clear of prisma/orm#29719): two admins, an
 * admin and the deadline, or a buyer and an admin racing for one order serialise on its row, and the later one no
 * longer matches its WHERE and changes nothing.
 */

/** The column stamped with the moment an order entered each state. */
const ENTERED_AT: Readonly<Record<OrderStatus, string | null>> = {
  pending: null,
  confirmed: 'confirmed_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancel_requested: 'cancel_requested_at',
  cancelled: 'cancelled_at',
};

/** The event `action` announces; returning it as an EventType fails to compile unless the registry has every move's. */
function eventOf(action: OrderAction): EventType {
  return ORDER_TRANSITIONS[action].event;
}

function transitionOf(action: OrderAction): OrderTransition {
  return ORDER_TRANSITIONS[action];
}

/** The state literal `status` (one of the domain's, so never data from outside) as SQL. */
function statusSql(status: OrderStatus): Prisma.Sql {
  if (!isOrderStatus(status)) throw new Error(`'${String(status)}' is not an order status`);
  return Prisma.raw(`'${status}'`);
}

/**
 * The order aliased `alias` is in a state `action` leaves from, written as a literal list so that a partial index
 * (orders_awaiting_decision_idx, for the deadline) serves it.
 */
export function fromStatesSql(action: OrderAction, alias: string): Prisma.Sql {
  const from = Prisma.join(transitionOf(action).from.map(statusSql), ', ');
  return Prisma.sql`${sqlIdentifier(`${alias}.status`)} IN (${from})`;
}

/** The order aliased `alias` may make `action` now: it is in a state the move leaves from, inside or past its window as the move requires. */
export function moveAllowedSql(action: OrderAction, alias: string, windowMs: number): Prisma.Sql {
  return Prisma.sql`${fromStatesSql(action, alias)} AND ${windowRuleSql(alias, windowMs, transitionOf(action).window)}`;
}

/**
 * The SET list of `action` on `orders o`: the target state, its timestamp and, for the moves that record one, the
 * cancellation reason. With `when`, each column changes only where `when` holds (a move that rides along with another
 * change, like the payment's confirmation); `updated_at` is the caller's.
 */
function moveSetSql(action: OrderAction, reason: string | undefined, when?: Prisma.Sql): Prisma.Sql {
  const transition = transitionOf(action);
  const columns: [string, Prisma.Sql][] = [['status', Prisma.sql`${statusSql(transition.to)}::order_status`]];
  const stamp = ENTERED_AT[transition.to];
  if (stamp) columns.push([stamp, Prisma.sql`now()`]);
  if (transition.cancelReason) {
    if (reason === undefined) throw new Error(`Order move '${action}' records a cancellation reason; none was given`);
    columns.push([
      'cancel_reason',
      transition.cancelReason === 'given'
        ? Prisma.sql`${reason}`
        : // The buyer asked to cancel and said why: theirs stays the reason.
          Prisma.sql`CASE WHEN o.status = 'cancel_requested' AND coalesce(btrim(o.cancel_reason), '') <> ''
                          THEN btrim(o.cancel_reason) ELSE ${reason} END`,
    ]);
  }
  return Prisma.join(
    columns.map(([column, value]) => {
      const name = sqlIdentifier(column);
      return when
        ? Prisma.sql`${name} = CASE WHEN ${when} THEN ${value} ELSE o.${name} END`
        : Prisma.sql`${name} = ${value}`;
    }),
    ', ',
  );
}

/** The outbox rows `action` announces, one for each order of the CTE `from` (whose `id` is the order's) where `where` holds. */
export function moveEventSql(action: OrderAction, from: string, where?: Prisma.Sql): OutboxSource {
  return { type: eventOf(action), from, ids: { orderId: 'id' }, where } as OutboxSource;
}

/** One order move: which orders it is tried on and how. */
export interface OrderMove {
  action: OrderAction;
  /** Which rows of `orders o` to try, e.g. `o.id = 42 AND o.user_id = 7`; the move's own rule is added to it. */
  orders: Prisma.Sql;
  windowMs: number;
  /** The reason a cancelling move records (the buyer's, the admin's or the deadline's); see ORDER_TRANSITIONS. */
  reason?: string;
  /** What the `moved` CTE returns; the whole row by default. Must include `o.id` as `id` for the event. */
  returning?: Prisma.Sql;
}

/**
 * `moved AS (UPDATE ...), moved_events AS (...its outbox rows...)`: the CTEs of `move`, to follow a `WITH`.
 * `moved` holds the orders that moved (none when the rule refused it), as they are afterwards; read it to answer.
 */
export function orderMoveSql(move: OrderMove): Prisma.Sql {
  const cancels = transitionOf(move.action).to === 'cancelled';
  const restock = cancels ? Prisma.sql`, ${restockSql('moved')}, ${cancelShipmentsSql('moved')}` : Prisma.empty;
  return Prisma.sql`moved AS (
      UPDATE orders o SET ${moveSetSql(move.action, move.reason)}, updated_at = now()
       WHERE ${move.orders} AND ${moveAllowedSql(move.action, 'o', move.windowMs)}
      RETURNING ${move.returning ?? Prisma.sql`o.*`}
    ), moved_events AS (${outboxInsertSql(moveEventSql(move.action, 'moved'))})${restock}`;
}

/**
 * `restock_locked AS (...), restocked AS (...)`: gives back the packs of every order in the CTE `cancelled` (its
 * `id` is the order's) to the products that count stock (docs/stock.md). It rides in the statement of the cancelling
 * move, so it happens exactly when the move does: once, whichever of the buyer, an admin or the deadline wins the
 * order's row. The products are locked in id order first, as checkout locks them, so two statements never wait on
 * each other's rows in opposite orders. `restocked` returns each product's `id` and new `stock`.
 */
export function restockSql(cancelled: string): Prisma.Sql {
  const from = sqlIdentifier(cancelled);
  return Prisma.sql`restock_lines AS (
      SELECT i.product_id, sum(i.quantity)::int AS quantity
        FROM order_items i JOIN ${from} c ON c.id = i.order_id
       WHERE i.product_id IS NOT NULL
       GROUP BY i.product_id
    ), restock_locked AS (
      SELECT p.id FROM products p JOIN restock_lines r ON r.product_id = p.id
       WHERE p.stock IS NOT NULL
       ORDER BY p.id
         FOR NO KEY UPDATE OF p
    ), restocked AS (
      UPDATE products p SET stock = p.stock + r.quantity
        FROM restock_lines r JOIN restock_locked l ON l.id = r.product_id
       WHERE p.id = r.product_id AND p.stock IS NOT NULL
      RETURNING p.id, p.stock
    )`;
}

/**
 * `cancelled_shipments AS (...)`: cancels every shipment of the orders in the CTE `cancelled` that is not cancelled
 * yet (docs/shipments.md). Like the restock, it rides in the cancelling move's statement, so it happens exactly when
 * the move does.
 */
export function cancelShipmentsSql(cancelled: string): Prisma.Sql {
  const from = sqlIdentifier(cancelled);
  return Prisma.sql`cancelled_shipments AS (
      UPDATE shipments s SET status = 'cancelled', cancelled_at = now(), updated_at = now()
        FROM ${from} c
       WHERE s.order_id = c.id AND s.status <> 'cancelled'
      RETURNING s.id
    )`;
}

/**
 * The SET list of `action` made only where the order, as the locked row `decided` (a CTE with its status and
 * created_at) shows it, allows the move: for an UPDATE of `orders o` that changes something else too, like a payment
 * that confirms a pending order. Pair it with {@link moveAllowedSql} on `decided` in RETURNING, and
 * {@link moveEventSql} on that flag.
 */
export function moveWhereAllowedSetSql(action: OrderAction, decided: string, windowMs: number): Prisma.Sql {
  return moveSetSql(action, undefined, moveAllowedSql(action, decided, windowMs));
}
