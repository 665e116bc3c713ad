import type { AdminOrderDetail } from '@mandi/contracts';
import Download from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { describeChange } from '../audit/audit-change';
import { saveBlob } from '../data/api-download';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { formatIndiaTime, rupees } from '../layout/format';
import { useSay } from '../layout/use-say';

/** A titled card of the order page. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={800}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A quiet line saying a section has nothing to show. */
export const Nothing = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** The lines as bought, then the amounts; a phone gets one block per line instead of the table. */
export function OrderLines({ order, narrow }: { order: AdminOrderDetail; narrow: boolean }) {
  const amounts = (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 1.5,
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        justifyContent: 'end',
        columnGap: 3,
        rowGap: 0.5,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        Subtotal
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
        {rupees(order.amounts.subtotal)}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        Shipping{order.payment_method === 'cod' ? ' and handling' : ''} (
        {(order.amounts.weight_grams / 1000).toLocaleString('en-IN')} kg)
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
        {rupees(order.amounts.shipping)}
      </Typography>
      <Typography component="dt" variant="body1" fontWeight={800}>
        Total
      </Typography>
      <Typography component="dd" variant="body1" fontWeight={800} sx={{ m: 0, textAlign: 'right' }}>
        {rupees(order.amounts.total)}
      </Typography>
    </Box>
  );
  if (narrow) {
    return (
      <Section title="Items">
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {order.lines.map((line) => (
            <Box component="li" key={line.order_item_id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" fontWeight={700}>
                  {line.product_name}
                </Typography>
                <Typography variant="body2" fontWeight={700}>
                  {rupees(line.line_total)}
                </Typography>
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p">
                {line.quantity} × {rupees(line.unit_price)} · HSN {line.hsn_code} · GST {line.gst_rate_percent}% ·
                Seller {line.seller?.username ?? '—'}
              </Typography>
            </Box>
          ))}
        </Stack>
        {amounts}
      </Section>
    );
  }
  return (
    <Section title="Items">
      <Table size="small" aria-label="Order lines">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell>HSN · GST</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              Unit price
            </TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.order_item_id}>
              <TableCell>
                <Typography variant="body2" fontWeight={600}>
                  {line.product_name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  Seller {line.seller?.username ?? '—'}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {line.hsn_code} · {line.gst_rate_percent}%
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{rupees(line.unit_price)}</TableCell>
              <TableCell align="right">{rupees(line.line_total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {amounts}
    </Section>
  );
}

/** The buyer and where the order goes (the order's own copy of the address). */
export function OrderPeople({ order }: { order: AdminOrderDetail }) {
  const { address } = order;
  return (
    <Section title="Buyer and delivery">
      <Typography variant="body2" fontWeight={700}>
        {order.buyer.username}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {order.buyer.email}
      </Typography>
      <Typography variant="body2" component="address" sx={{ fontStyle: 'normal', mt: 1.5 }}>
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

/** One labelled value of a record. */
export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** The payment attempts and refunds, as the payments and refunds tables keep them. */
export function OrderMoney({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Payments and refunds">
      {order.payments.length === 0 && <Nothing>No payment recorded.</Nothing>}
      <Stack spacing={1.5}>
        {order.payments.map((payment) => (
          <Box key={payment.id} aria-label={`Payment ${payment.id}`} role="group">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="body2" fontWeight={700}>
                {payment.provider === 'cod' ? 'Cash on delivery' : 'Razorpay'} · {rupees(payment.amount)}
              </Typography>
              <Chip
                size="small"
                label={payment.status}
                color={payment.status === 'captured' ? 'success' : payment.status === 'failed' ? 'error' : 'default'}
              />
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1 }}>
              {payment.method && <Field label="Method">{payment.method}</Field>}
              {payment.provider_order_id && <Field label="Razorpay order">{payment.provider_order_id}</Field>}
              {payment.provider_payment_id && <Field label="Razorpay payment">{payment.provider_payment_id}</Field>}
              <Field label="Captured">{formatIndiaTime(payment.captured_at)}</Field>
              {payment.error && <Field label="Error">{payment.error}</Field>}
            </Box>
          </Box>
        ))}
        {order.refunds.map((refund) => (
          <Box key={refund.id} aria-label={`Refund ${refund.id}`} role="group">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="body2" fontWeight={700}>
                Refund · {rupees(refund.amount)}
              </Typography>
              <Chip
                size="small"
                label={refund.status}
                color={refund.status === 'processed' ? 'success' : refund.status === 'failed' ? 'error' : 'warning'}
              />
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1 }}>
              <Field label="Attempts">{refund.attempts}</Field>
              {refund.provider_refund_id && <Field label="Razorpay refund">{refund.provider_refund_id}</Field>}
              <Field label="Processed">{formatIndiaTime(refund.processed_at)}</Field>
              {refund.last_error && <Field label="Last error">{refund.last_error}</Field>}
            </Box>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

const DOCUMENT_KINDS = {
  tax_invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
  credit_note: 'Credit note',
} as const;

/** The invoice and credit notes, each downloaded with the admin's token and saved under its number. */
export function OrderDocuments({ order }: { order: AdminOrderDetail }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const say = useSay();
  const download = useMutation({
    networkMode: 'always',
    mutationFn: async (document: AdminOrderDetail['documents'][number]) => {
      const { blob, fileName } = await dataProvider.download('downloadInvoice', { params: { invoiceId: document.id } });
      saveBlob(blob, fileName ?? `${document.number.replaceAll('/', '-')}.pdf`);
    },
    onError: (error) => say(serverMessage(error) ?? 'Could not download the document. Please try again.', 'error'),
  });
  return (
    <Section title="Invoices and credit notes">
      {order.documents.length === 0 && <Nothing>No invoice yet: one is issued when the order is paid.</Nothing>}
      <Stack spacing={1}>
        {order.documents.map((document) => (
          <Stack
            key={document.id}
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Box>
              <Typography variant="body2" fontWeight={700}>
                {document.number}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {DOCUMENT_KINDS[document.kind]} · {document.supplier ?? 'Mandi'} · {rupees(document.total)} ·{' '}
                {formatIndiaTime(document.issued_at)}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="outlined"
              startIcon={<Download />}
              disabled={!document.pdf_ready || (download.isPending && download.variables?.id === document.id)}
              onClick={() => download.mutate(document)}
              // The name starts with the word shown, so a voice user can say what they see.
              aria-label={document.pdf_ready ? `Download ${document.number}` : `Printing ${document.number}`}
            >
              {document.pdf_ready ? 'Download' : 'Printing…'}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

const ACTOR_TONE: Record<string, string> = { buyer: '#1565C0', system: '#6D6D6D' };

/** What else an entry knows, in a line: a reason, a number, an amount, a change, a mail's recipients. */
function entryDetails(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  // An audited cancellation says its reason in its change ('cancel reason: ...').
  if (typeof details.reason === 'string' && !('after' in details)) lines.push(`Reason: ${details.reason}`);
  if (typeof details.number === 'string') lines.push(details.number);
  if (typeof details.amount === 'number') lines.push(rupees(details.amount));
  if (typeof details.error === 'string') lines.push(`Error: ${details.error}`);
  if (typeof details.last_error === 'string') lines.push(`Last error: ${details.last_error}`);
  if ('before' in details || 'after' in details) lines.push(...describeChange(details.before, details.after));
  if (details.by === 'payment') lines.push('by the online payment');
  return lines;
}

/** What happened to the order, oldest first, as a vertical line of dots (India time). */
export function OrderTimeline({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Timeline">
      <Box component="ol" aria-label="Timeline" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {order.timeline.map((entry, index) => {
          const mail = entry.kind === 'mail_sent';
          const admin = entry.actor.startsWith('admin');
          return (
            <Box
              component="li"
              key={`${entry.at}-${entry.kind}-${index}`}
              sx={{
                position: 'relative',
                pl: 3,
                pb: index === order.timeline.length - 1 ? 0 : 1.5,
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  left: 6,
                  top: 14,
                  bottom: 0,
                  borderLeft: index === order.timeline.length - 1 ? 'none' : '2px solid',
                  borderColor: 'divider',
                },
              }}
            >
              <Box
                sx={{
                  position: 'absolute',
                  left: 0,
                  top: 4,
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  bgcolor: mail
                    ? 'background.paper'
                    : admin
                      ? 'primary.main'
                      : entry.actor === 'buyer'
                        ? '#1565C0'
                        : 'grey.500',
                  border: mail ? '2px solid' : 'none',
                  borderColor: 'grey.400',
                }}
              />
              <Typography variant="body2" fontWeight={mail ? 400 : 700}>
                {entry.label}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                <time dateTime={entry.at}>{formatIndiaTime(entry.at)}</time> ·{' '}
                <Box
                  component="span"
                  sx={{
                    color: admin ? 'primary.dark' : (ACTOR_TONE[entry.actor] ?? 'text.secondary'),
                    fontWeight: 600,
                  }}
                >
                  {entry.actor}
                </Box>
              </Typography>
              {entryDetails(entry.details).map((line) => (
                <Typography key={line} variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
