import type { AuditTrailEntry } from '@mandi/contracts';
import type { AuditObjectType } from '@mandi/domain';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { describeChange } from './audit-change';

/** Words for each kind of object the trail names (AUDIT_OBJECT_TYPES of libs/domain). */
export const AUDIT_OBJECT_NAMES: Record<AuditObjectType, string> = {
  order: 'Order',
  user: 'User',
  product: 'Product',
  interested_seller: 'Interested seller',
  job: 'Job',
  seller_profile: 'Seller profile',
  commission_rule: 'Commission rule',
  payout: 'Payout',
};

/**
 * The console's page of an object the trail names, where it has one. A seller's profile is named by its seller's user
 * id, and its review page by their Firebase uid: it has no link.
 */
const OBJECT_PAGES: Partial<Record<AuditObjectType, (id: string) => string>> = {
  order: (id) => `/orders/${encodeURIComponent(id)}/show`,
};

/** A kind of object as people read it; one of a newer API by its name. */
export function auditObjectName(type: string): string {
  return Object.hasOwn(AUDIT_OBJECT_NAMES, type)
    ? AUDIT_OBJECT_NAMES[type as AuditObjectType]
    : type.replace(/_/g, ' ');
}

/** Who did it: username, then e-mail. */
export function AuditAdmin({ entry }: { entry: AuditTrailEntry }) {
  return (
    <>
      <Typography variant="body2" fontWeight={600}>
        {entry.admin.username}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {entry.admin.email}
      </Typography>
    </>
  );
}

/** What it was done to: 'Order #12' (a link to the order's page), 'User #7', 'Seller profile #7' (user 7's). */
export function AuditObject({ entry }: { entry: AuditTrailEntry }) {
  const name = `${auditObjectName(entry.object_type)} #${entry.object_id}`;
  const page = Object.hasOwn(OBJECT_PAGES, entry.object_type)
    ? OBJECT_PAGES[entry.object_type as AuditObjectType]
    : undefined;
  if (page) {
    return (
      <MuiLink
        component={Link}
        to={page(entry.object_id)}
        variant="body2"
        fontWeight={600}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {name}
      </MuiLink>
    );
  }
  return <Typography variant="body2">{name}</Typography>;
}

/** What changed, a line per field ('status: Pending → Confirmed'); '—' when the row records nothing. */
export function AuditChange({ entry }: { entry: AuditTrailEntry }) {
  const lines = describeChange(entry.before, entry.after, entry.object_type);
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {lines.map((line) => (
        <Typography key={line} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}
