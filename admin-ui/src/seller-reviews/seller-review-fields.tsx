import type { SellerProfileSummary } from '@mandi/contracts';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { IndiaTime } from '../layout/india-time';
import { businessKindLabel, waitedFor } from './review-labels';

/** A row of the list as react-admin keeps it (keyed by uid). */
export type SellerReviewRow = SellerProfileSummary & { id: string };

/** The console's page of the seller with Firebase uid `uid`: their whole profile, and the review buttons. */
export function reviewPagePath(uid: string): string {
  return `/seller-reviews/${encodeURIComponent(uid)}/show`;
}

/** The legal name as a link to the seller's profile page. */
export function ReviewLink({ row }: { row: Pick<SellerProfileSummary, 'uid' | 'legal_name'> }) {
  return (
    <MuiLink
      component={Link}
      to={reviewPagePath(row.uid)}
      fontWeight={800}
      underline="hover"
      title={`Open the profile of ${row.legal_name}`}
    >
      {row.legal_name}
    </MuiLink>
  );
}

/** The seller's account: username, then e-mail. */
export function ReviewAccount({ row }: { row: SellerProfileSummary }) {
  return (
    <>
      <Typography variant="body2">{row.username}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {row.email}
      </Typography>
    </>
  );
}

/** The kind of business by its label. */
export function ReviewKind({ row }: { row: Pick<SellerProfileSummary, 'business_kind'> }) {
  return <Typography variant="body2">{businessKindLabel(row.business_kind)}</Typography>;
}

/** Whether the seller gave a GSTIN, in words. */
export function ReviewGst({ row }: { row: Pick<SellerProfileSummary, 'gst_registered'> }) {
  return <Typography variant="body2">{row.gst_registered ? 'Yes' : 'No'}</Typography>;
}

/** When the profile was sent for review; while it waits, for how long (in warning colour). */
export function ReviewWaiting({ row, now }: { row: SellerProfileSummary; now: Date }) {
  return (
    <Box>
      <IndiaTime value={row.submitted_at} />
      {row.status === 'pending' && (
        <Typography variant="caption" color="warning.dark" fontWeight={700} sx={{ display: 'block' }}>
          Waiting {waitedFor(row.submitted_at, now)}
        </Typography>
      )}
    </Box>
  );
}

/** When an admin approved or rejected the profile; 'Not yet' while it waits. */
export function ReviewReviewed({ row }: { row: Pick<SellerProfileSummary, 'reviewed_at'> }) {
  if (!row.reviewed_at)
    return (
      <Typography variant="body2" color="text.secondary">
        Not yet
      </Typography>
    );
  return <IndiaTime value={row.reviewed_at} />;
}
