import type { Shipment } from '@mandi/contracts';
import { SELLER_PROFILE_MESSAGES, SHIPMENT_LIMITS, SHIPMENT_MESSAGES } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';
import { shipmentStatusLabels } from '../orders/order-texts';

/*
 * The words of the seller's part of an order (libs/domain shipments): its state on the order card and the refusals of
 * SHIPMENT_MESSAGES (the hand-over form's rules and the API's answers to a move), in the reader's language.
 * shipment.catalogue.test checks the English against the domain's texts.
 */

type T = Translator['t'];

/** The names of SHIPMENT_MESSAGES. */
export type ShipmentMessage = keyof typeof SHIPMENT_MESSAGES;

/** Every refusal of SHIPMENT_MESSAGES by name, for the catalogue test. */
export const SHIPMENT_MESSAGE_NAMES = Object.keys(SHIPMENT_MESSAGES) as ShipmentMessage[];

/** Each refusal in the reader's language, its figures filled from SHIPMENT_LIMITS. */
function shipmentTexts({ t, number }: Translator): Record<ShipmentMessage, string> {
  return {
    notFound: t('sellerDashboard.shipment.problem.notFound'),
    notYours: t('sellerDashboard.shipment.problem.notYours'),
    orderNotConfirmed: t('sellerDashboard.shipment.problem.orderNotConfirmed'),
    cannotPack: t('sellerDashboard.shipment.problem.cannotPack'),
    cannotHandOver: t('sellerDashboard.shipment.problem.cannotHandOver'),
    carrierRequired: t('sellerDashboard.shipment.problem.carrierRequired'),
    carrierTooLong: t('sellerDashboard.shipment.problem.carrierTooLong', { max: number(SHIPMENT_LIMITS.carrierMax) }),
    trackingRequired: t('sellerDashboard.shipment.problem.trackingRequired'),
    trackingInvalid: t('sellerDashboard.shipment.problem.trackingInvalid', {
      min: number(SHIPMENT_LIMITS.trackingMin),
      max: number(SHIPMENT_LIMITS.trackingMax),
    }),
    selfDeliveryNoCarrier: t('sellerDashboard.shipment.problem.selfDeliveryNoCarrier'),
  };
}

/** True for the API's refusal of a move by a seller whose business profile Mandi has not approved (a 403). */
export function isApprovalRequired(message: string | null | undefined): boolean {
  return message === SELLER_PROFILE_MESSAGES.approvalRequired;
}

/**
 * A text of the shipment rules (libs/domain's handOverProblems and the API share SHIPMENT_MESSAGES) or the API's
 * approval refusal in the reader's language; any other text from the server through the catalogues' server texts,
 * else as sent.
 */
export function shipmentMessageText(translator: Translator, message: string): string {
  const name = SHIPMENT_MESSAGE_NAMES.find((shown) => SHIPMENT_MESSAGES[shown] === message);
  if (name) return shipmentTexts(translator)[name];
  if (isApprovalRequired(message)) return translator.t('sellerDashboard.profile.problem.approvalRequired');
  return translator.serverText(message);
}

/**
 * The seller's part as their order card says it: 'To pack', 'Packed', 'Handed over to India Post · EK123456789IN',
 * 'Delivered by you' or 'Cancelled'.
 */
export function sellerShipmentText(t: T, shipment: Shipment): string {
  if (shipment.status === 'handed_over') {
    if (shipment.self_delivery) return t('sellerDashboard.shipment.selfDelivery');
    if (shipment.carrier && shipment.tracking_number)
      return t('sellerDashboard.shipment.handedOverTo', {
        carrier: shipment.carrier,
        tracking: shipment.tracking_number,
      });
  }
  return shipmentStatusLabels(t)[shipment.status];
}
