/**
 * The audit trail's vocabulary (docs/console.md, Audit trail): every admin action that changes something is one of
 * these, recorded in the statement that makes the change. `object` is what it is done to; `label` is how the console
 * and an order's timeline say it.
 */
export const AUDIT_ACTIONS = {
  'order.confirm': { object: 'order', label: 'Confirmed the order' },
  'order.mark_paid': { object: 'order', label: 'Marked the order paid' },
  'order.mark_shipped': { object: 'order', label: 'Marked the order shipped' },
  'order.mark_delivered': { object: 'order', label: 'Marked the order delivered' },
  'order.cancel': { object: 'order', label: 'Cancelled the order' },
  'user.suspend': { object: 'user', label: 'Suspended the account' },
  'user.unsuspend': { object: 'user', label: 'Unsuspended the account' },
  'product.unlist': { object: 'product', label: 'Unlisted the product' },
  'product.relist': { object: 'product', label: 'Listed the product again' },
  'seller.invite': { object: 'interested_seller', label: 'Invited the seller' },
  'job.retry': { object: 'job', label: 'Retried the dead job' },
  'seller_profile.read': { object: 'seller_profile', label: "Read the seller's business profile" },
  'seller_profile.approve': { object: 'seller_profile', label: "Approved the seller's business profile" },
  'seller_profile.reject': { object: 'seller_profile', label: "Rejected the seller's business profile" },
  'commission.set_category': { object: 'commission_rule', label: "Set a category's commission" },
  'commission.set_seller': { object: 'commission_rule', label: "Set a seller's own commission" },
  'commission.clear_seller': { object: 'commission_rule', label: "Removed a seller's own commission" },
  'payout.retry': { object: 'payout', label: 'Retried the failed payout' },
  'payout.adjust': { object: 'user', label: "Adjusted the seller's balance" },
  'payout.set_settle_after': { object: 'user', label: "Set the seller's settle-after period" },
} as const satisfies Readonly<Record<string, { object: AuditObjectType; label: string }>>;

/** What an audited action is done to. */
export type AuditObjectType =
  'order' | 'user' | 'product' | 'interested_seller' | 'job' | 'seller_profile' | 'commission_rule' | 'payout';
export const AUDIT_OBJECT_TYPES: readonly AuditObjectType[] = [
  'order',
  'user',
  'product',
  'interested_seller',
  'job',
  'seller_profile',
  'commission_rule',
  'payout',
];

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);
}

/** Rows a page of the console's Audit trail (GET /api/admin/audit) holds: 25 unless asked, at most 200. */
export const AUDIT_PAGE = { default: 25, max: 200 } as const;
