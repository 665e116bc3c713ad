import type { SellerProfile } from '@mandi/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RecordContextProvider, Title, useDataProvider } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { formatIndiaTime } from '../layout/format';
import { StatusChip } from '../layout/states';
import { useNow } from '../layout/use-now';
import { ReviewButtons } from './review-buttons';
import { SELLER_REVIEW_TEXTS, businessKindLabel, waitedFor } from './review-labels';

const BackToReviews = () => (
  <Button component={Link} to="/seller-reviews" startIcon={<ArrowBack />} size="small">
    Seller reviews
  </Button>
);

/** A titled card of the profile page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={800} sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The labelled values of a section, as a description list. */
function Fields({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5 }}
    >
      {children}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** An identifier as the API gives it ('******234F' when masked), in a fixed-width face so its digits line up. */
const Identifier = ({ value }: { value: string }) => (
  <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace', letterSpacing: '0.05em' }}>
    {value}
  </Box>
);

const None = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    {children}
  </Box>
);

/** Who the seller is in law: legal name, kind of business, PAN, GSTIN, FSSAI. */
function BusinessSection({ profile }: { profile: SellerProfile }) {
  const masked = profile.masked ? ' (masked)' : '';
  return (
    <Section title="Business">
      <Fields>
        <Field label="Legal name">{profile.legal_name}</Field>
        <Field label="Kind of business">{businessKindLabel(profile.business_kind)}</Field>
        <Field label={`PAN${masked}`}>
          <Identifier value={profile.pan} />
        </Field>
        <Field label={`GSTIN${profile.gstin ? masked : ''}`}>
          {profile.gstin ? <Identifier value={profile.gstin} /> : <None>Not registered under GST</None>}
        </Field>
        <Field label="FSSAI number">
          {profile.fssai_number ? <Identifier value={profile.fssai_number} /> : <None>None given</None>}
        </Field>
      </Fields>
    </Section>
  );
}

/** Where the seller is paid. */
function BankSection({ profile }: { profile: SellerProfile }) {
  return (
    <Section title="Bank account">
      <Fields>
        <Field label="Account holder">{profile.bank_account_holder}</Field>
        <Field label={`Account number${profile.masked ? ' (masked)' : ''}`}>
          <Identifier value={profile.bank_account_number} />
        </Field>
        <Field label="IFSC">
          <Identifier value={profile.ifsc} />
        </Field>
        <Field label="Bank">{profile.bank_name}</Field>
      </Fields>
    </Section>
  );
}

/** Where Mandi's couriers pick the seller's parcels up. */
function PickupSection({ profile }: { profile: SellerProfile }) {
  const address = profile.pickup_address;
  return (
    <Section title="Pickup address">
      <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
        <strong>{address.name}</strong>
        <br />
        {address.flat_house_building}, {address.area_or_street_or_village}
        {address.landmark && (
          <>
            <br />
            {address.landmark}
          </>
        )}
        <br />
        {address.taluk}, {address.district}, {address.state} – {address.pincode}
        <br />
        Mobile: +91 {address.mobile}
      </Typography>
    </Section>
  );
}

/** Where the review is: sent, reviewed; the seller's account. */
function ReviewSection({ profile }: { profile: SellerProfile }) {
  return (
    <Section title="Review">
      <Fields>
        <Field label="Sent for review">{formatIndiaTime(profile.submitted_at)}</Field>
        <Field label="Reviewed">{profile.reviewed_at ? formatIndiaTime(profile.reviewed_at) : 'Not yet'}</Field>
        <Field label="Firebase uid">
          <Identifier value={profile.uid} />
        </Field>
      </Fields>
    </Section>
  );
}

/**
 * A seller's business profile for review (issue 31): who they are in law, where they are paid and picked up from, PAN,
 * GSTIN and account masked by the API; Approve and Reject while it is pending. Every read of it is recorded in the
 * audit trail, so it is read when the page opens and after an action, never on a timer or on returning to the tab.
 */
export function SellerReviewShow() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const now = useNow(60_000);
  const query = useQuery({
    queryKey: ['seller-reviews', 'detail', id],
    queryFn: () => dataProvider.sellerProfile(id),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (query.isPending) {
    return (
      <Box sx={{ p: { xs: 1.5, md: 2 } }} aria-busy="true">
        <Title title="Seller review" />
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ p: { xs: 1.5, md: 2 } }}>
        <Title title="Seller review" />
        <BackToReviews />
        <Alert severity="error" sx={{ mt: 2 }} action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
          {serverMessage(query.error) ?? SELLER_REVIEW_TEXTS.fetchFailed}
        </Alert>
      </Box>
    );
  }
  const profile = query.data;
  return (
    <RecordContextProvider value={{ ...profile, id: profile.uid }}>
      <Box sx={{ p: { xs: 1.5, md: 2 }, maxWidth: 1280 }}>
        <Title title={`Seller review: ${profile.legal_name}`} />
        <BackToReviews />
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 1.5, mt: 1, mb: 2 }}
        >
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="h5" component="h1" fontWeight={800}>
                {profile.legal_name}
              </Typography>
              <StatusChip source="status" />
              <Chip size="small" variant="outlined" label={businessKindLabel(profile.business_kind)} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Sent for review {formatIndiaTime(profile.submitted_at)}
              {profile.status === 'pending'
                ? ` · waiting ${waitedFor(profile.submitted_at, now)}`
                : ` · reviewed ${formatIndiaTime(profile.reviewed_at)}`}
            </Typography>
          </Box>
          {profile.status === 'pending' && <ReviewButtons profile={profile} />}
        </Stack>
        {profile.status === 'rejected' && profile.rejection_reason && (
          <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            <strong>Rejected:</strong> {profile.rejection_reason}
          </Alert>
        )}
        <Alert severity="info" icon={<VisibilityOff />} sx={{ mb: 2 }}>
          {profile.masked && (
            <Typography variant="body2" component="p">
              {SELLER_REVIEW_TEXTS.masked}
            </Typography>
          )}
          <Typography variant="body2" component="p">
            {SELLER_REVIEW_TEXTS.audited}
          </Typography>
        </Alert>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <BusinessSection profile={profile} />
          <BankSection profile={profile} />
          <PickupSection profile={profile} />
          <ReviewSection profile={profile} />
        </Box>
      </Box>
    </RecordContextProvider>
  );
}
