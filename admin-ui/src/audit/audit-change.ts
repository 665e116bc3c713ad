import { ORDER_STATUS_LABELS, isOrderStatus } from '@mandi/domain';
import { REVIEW_STATUS_LABELS, isSellerReviewStatus } from '../seller-reviews/review-labels';

/**
 * A field's value as people read it: order states and a seller profile's review states by their label, payment states
 * capitalised, nothing as '—'.
 */
function valueText(field: string, value: unknown, objectType: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && objectType === 'seller_profile' && isSellerReviewStatus(value))
    return REVIEW_STATUS_LABELS[value];
  if (field === 'status' && isOrderStatus(value)) return ORDER_STATUS_LABELS[value];
  if (typeof value === 'string') return value.replace(/_/g, ' ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

/** A field's name as people read it: 'payment_status' reads 'payment status'. */
const fieldText = (field: string) => field.replace(/_/g, ' ');

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What an audited action changed, one line per field, in the order the fields come: 'status: Pending → Confirmed',
 * 'payment status: unpaid → paid'. A field the same before and after is left out; a field only after reads
 * 'reason: Damaged in transit'. `objectType` is the audit trail's kind of object (an order's unless told).
 */
export function describeChange(before: unknown, after: unknown, objectType = 'order'): string[] {
  const was = asObject(before);
  const now = asObject(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.flatMap((field) => {
    const from = valueText(field, was[field], objectType);
    const to = valueText(field, now[field], objectType);
    if (from === to) return [];
    if (!(field in was)) return [`${fieldText(field)}: ${to}`];
    return [`${fieldText(field)}: ${from} → ${to}`];
  });
}
