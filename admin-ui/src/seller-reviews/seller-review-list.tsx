import { ADMIN_REFRESH_MS } from '@mandi/domain';
import { Card, CardContent, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  RecordContextProvider,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS } from '../layout/states';
import { useNow } from '../layout/use-now';
import { DEFAULT_REVIEW_STATUS, REVIEW_STATUS_LABELS, SELLER_REVIEW_TEXTS, reviewStatusOf } from './review-labels';
import { ReviewStatusFilter } from './review-status-filter';
import {
  ReviewAccount,
  ReviewGst,
  ReviewKind,
  ReviewLink,
  ReviewReviewed,
  ReviewWaiting,
  type SellerReviewRow,
} from './seller-review-fields';

const actions = (
  <TopToolbar sx={{ alignItems: 'center', flexShrink: 0 }}>
    <ReviewStatusFilter />
  </TopToolbar>
);

/** The designed 'nothing here' of the review state shown. */
function EmptyReviews() {
  const { filterValues } = useListContext();
  const status = reviewStatusOf(filterValues.status);
  if (status === 'pending') {
    return (
      <EmptyList title="No seller is waiting for a review">
        Business profiles that sellers send from their dashboard appear here, the longest waiting first.
      </EmptyList>
    );
  }
  return (
    <EmptyList title={`No ${REVIEW_STATUS_LABELS[status].toLowerCase()} profiles`}>
      Choose Pending above to see who is waiting for a review.
    </EmptyList>
  );
}

/** One labelled value of a card. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Stack>
  );
}

/** The profiles on a phone: one card per seller with every field of the table. */
function ReviewCards({ now }: { now: Date }) {
  const { data, isPending } = useListContext<SellerReviewRow>();
  if (isPending || !data) return null;
  if (data.length === 0) return <EmptyReviews />;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      {data.map((row) => (
        <RecordContextProvider key={row.id} value={row}>
          <Card variant="outlined" component="article" aria-label={`Seller ${row.legal_name}`}>
            <CardContent>
              <ReviewLink row={row} />
              <ReviewAccount row={row} />
              <Divider sx={{ my: 1 }} />
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                <Labelled label="Kind of business">
                  <ReviewKind row={row} />
                </Labelled>
                <Labelled label="GST registered">
                  <ReviewGst row={row} />
                </Labelled>
                <Labelled label="State">
                  <Typography variant="body2">{row.state}</Typography>
                </Labelled>
                <Labelled label="Sent for review">
                  <ReviewWaiting row={row} now={now} />
                </Labelled>
                {row.status !== 'pending' && (
                  <Labelled label="Reviewed">
                    <ReviewReviewed row={row} />
                  </Labelled>
                )}
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** The table on a wide screen; the Reviewed column only for approved and rejected profiles. */
function ReviewGrid({ now }: { now: Date }) {
  const { filterValues } = useListContext();
  const pending = reviewStatusOf(filterValues.status) === 'pending';
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<EmptyReviews />}
      sx={{ '& td': { verticalAlign: 'top' } }}
    >
      <FunctionField<SellerReviewRow>
        source="legal_name"
        label="Legal name"
        render={(row) => <ReviewLink row={row} />}
      />
      <TextField source="username" label="Username" />
      <TextField source="email" label="E-mail" sx={{ overflowWrap: 'anywhere' }} />
      <FunctionField<SellerReviewRow>
        source="business_kind"
        label="Kind of business"
        render={(row) => <ReviewKind row={row} />}
      />
      <FunctionField<SellerReviewRow>
        source="gst_registered"
        label="GST registered"
        render={(row) => <ReviewGst row={row} />}
      />
      <TextField source="state" label="State" />
      <FunctionField<SellerReviewRow>
        source="submitted_at"
        label={pending ? 'Waiting since (IST)' : 'Sent (IST)'}
        render={(row) => <ReviewWaiting row={row} now={now} />}
      />
      {!pending && (
        <FunctionField<SellerReviewRow>
          source="reviewed_at"
          label="Reviewed (IST)"
          render={(row) => <ReviewReviewed row={row} />}
        />
      )}
    </Datagrid>
  );
}

/**
 * The Seller reviews tab (issue 31): sellers' business profiles in one review state (Pending unless chosen), the
 * longest waiting first (the latest reviewed first for the others), each opening its profile page with Approve and Reject. Read again every 60 s; the list has no
 * identifier at all (PAN, GSTIN and account are on the profile page, masked, and each view of it is audited).
 */
export function SellerReviewList() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const now = useNow(60_000);
  return (
    <List
      title="Seller reviews"
      actions={actions}
      filterDefaultValues={{ status: DEFAULT_REVIEW_STATUS }}
      // The server's order until a column is clicked: the longest waiting first, or the latest reviewed first.
      sort={{ field: '', order: 'ASC' }}
      perPage={25}
      // No CSV export: the console changes and reads through its own actions only.
      exporter={false}
      queryOptions={{ ...QUIET_ERRORS, refetchInterval: ADMIN_REFRESH_MS }}
      pagination={<ListPagination />}
      empty={false}
      error={<ListError message={SELLER_REVIEW_TEXTS.fetchListFailed} />}
    >
      {narrow ? <ReviewCards now={now} /> : <ReviewGrid now={now} />}
    </List>
  );
}
