import type { AuditTrailEntry } from '@mandi/contracts';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { describeChange } from './audit-change';

/** Words for each kind of object the trail names. */
const OBJECT_NAMES: Record<string, string> = {
  order: 'Order',
  user: 'User',
  product: 'Product',
  interested_seller: 'Interested seller',
  job: 'Job',
};

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

/** What it was done to: 'Order #12' (a link to the order's page), 'User #7'. */
export function AuditObject({ entry }: { entry: AuditTrailEntry }) {
  const name = `${OBJECT_NAMES[entry.object_type] ?? entry.object_type} #${entry.object_id}`;
  if (entry.object_type === 'order') {
    return (
      <MuiLink
        component={Link}
        to={`/orders/${encodeURIComponent(entry.object_id)}/show`}
        variant="body2"
        fontWeight={600}
      >
        {name}
      </MuiLink>
    );
  }
  return <Typography variant="body2">{name}</Typography>;
}

/** What changed, a line per field ('status: Pending → Confirmed'); '—' when the row records nothing. */
export function AuditChange({ entry }: { entry: AuditTrailEntry }) {
  const lines = describeChange(entry.before, entry.after);
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
