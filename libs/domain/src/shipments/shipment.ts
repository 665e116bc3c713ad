import { problem, type FieldProblem } from '../messages/popup-message.js';

/**
 * One seller's part of an order (issue 31, docs/shipments.md): their lines, which they pack and hand over themselves.
 * The order's own status stays the spec's; a shipment is a layer below it. When every shipment of a confirmed order
 * is handed over, the order moves to shipped through the order process's own move.
 */
export const SHIPMENT_STATUSES = ['to_pack', 'packed', 'handed_over', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The seller's moves of a shipment: where each may start from. The order must be confirmed for either. */
export const SHIPMENT_MOVES = {
  pack: { from: ['to_pack'], to: 'packed', event: 'shipment.packed' },
  hand_over: { from: ['packed'], to: 'handed_over', event: 'shipment.handed_over' },
} as const satisfies Record<string, { from: readonly ShipmentStatus[]; to: ShipmentStatus; event: string }>;
export type ShipmentMove = keyof typeof SHIPMENT_MOVES;

/** A shipment counts as on its way (for the order's move to shipped) once handed over. */
export const SHIPMENT_ON_ITS_WAY: readonly ShipmentStatus[] = ['handed_over'];

export const SHIPMENT_LIMITS = { carrierMax: 60, trackingMin: 4, trackingMax: 40 } as const;

/** A tracking number as couriers print them: letters, digits and dashes. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;

export const SHIPMENT_MESSAGES = {
  notFound: 'Shipment not found',
  notYours: 'This shipment is another seller’s',
  orderNotConfirmed: 'Only a shipment of a confirmed order can be moved',
  cannotPack: 'Only a shipment waiting to be packed can be marked packed',
  cannotHandOver: 'Only a packed shipment can be handed over',
  carrierRequired: 'Carrier is required, unless you deliver it yourself',
  carrierTooLong: `Carrier must be at most ${SHIPMENT_LIMITS.carrierMax} characters`,
  trackingRequired: 'Tracking number is required, unless you deliver it yourself',
  trackingInvalid: `Tracking number must be ${SHIPMENT_LIMITS.trackingMin} to ${SHIPMENT_LIMITS.trackingMax} letters, digits or dashes`,
  selfDeliveryNoCarrier: 'Leave carrier and tracking number empty when you deliver it yourself',
} as const;

/** How a seller hands a shipment over: to a courier with its tracking number, or delivering it themself. */
export interface HandOver {
  carrier: string;
  tracking_number: string;
  self_delivery: boolean;
}

/** Every problem of a hand-over form, trimmed; empty when all is well. */
export function handOverProblems(input: HandOver): FieldProblem[] {
  const carrier = input.carrier.trim();
  const tracking = input.tracking_number.trim();
  const m = SHIPMENT_MESSAGES;
  if (input.self_delivery) {
    return carrier !== '' || tracking !== '' ? [problem('self_delivery', m.selfDeliveryNoCarrier)] : [];
  }
  const problems: FieldProblem[] = [];
  if (carrier === '') problems.push(problem('carrier', m.carrierRequired));
  else if (Array.from(carrier).length > SHIPMENT_LIMITS.carrierMax) problems.push(problem('carrier', m.carrierTooLong));
  if (tracking === '') problems.push(problem('tracking_number', m.trackingRequired));
  else if (
    tracking.length < SHIPMENT_LIMITS.trackingMin ||
    tracking.length > SHIPMENT_LIMITS.trackingMax ||
    !TRACKING_NUMBER_PATTERN.test(tracking)
  )
    problems.push(problem('tracking_number', m.trackingInvalid));
  return problems;
}
