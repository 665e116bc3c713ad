import { currentReturnMonth, GST_START_MONTH, isMonthText, previousReturnMonth } from '@mandi/domain';
import { Alert, Box, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { formatIndiaTime, rupees } from '../layout/format';
import { downloadGstFile, type GstDownload } from './gst-download';
import { GstDownloadButton } from './gst-download-button';
import { GstReturnState } from './gst-return-state';
import { GstReturnNav } from './gst-return-nav';
import { GstTable, type GstColumn } from './gst-table';

/** The register rows the page shows; the CSV has them all. */
export const REGISTER_ROWS_SHOWN = 100;

// '24 Nov 2026, 10:10 pm IST' -> '24 Nov 2026'.
const dateOnly = (iso: string) => formatIndiaTime(iso).split(',')[0]!;
const place = (p: { code: string; name: string }) => `${p.name} (${p.code})`;

/** The amounts Tables 7 and 12 end with, in the return's order. */
interface TaxAmounts {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}
const TAX_HEADINGS: [keyof TaxAmounts, string][] = [
  ['taxable', 'Taxable value'],
  ['igst', 'IGST'],
  ['cgst', 'CGST'],
  ['sgst', 'SGST'],
  ['cess', 'Cess'],
];
const taxColumns = <Row extends TaxAmounts>(): GstColumn<Row>[] =>
  TAX_HEADINGS.map(([field, label]) => ({ label, cell: (row: Row) => rupees(row[field]), numeric: true }));
const taxTotals = (totals: TaxAmounts) => TAX_HEADINGS.map(([field]) => rupees(totals[field]));

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p" fontWeight={800} sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
          {note && (
            <Typography variant="caption" color="text.secondary">
              {note}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

/**
 * The console's GST returns page: GSTR-1 of a chosen month (last month unless chosen) from GET
 * the gstr1Report route, its tables with their totals, and downloads of each table as CSV and of the whole return
 * in the GST portal's JSON layout (docs/gst-returns.md).
 */
export function GstReturnsPage({ getToken, now = () => new Date() }: { getToken: TokenSource; now?: () => Date }) {
  const [month, setMonth] = useState(() => previousReturnMonth(now()));
  const thisMonth = currentReturnMonth(now());
  const report = useQuery({
    queryKey: ['console', 'gstr1', month],
    queryFn: () => apiFetch('gstr1Report', getToken, { query: { month } }),
    retry: false,
    enabled: isMonthText(month),
  });
  const data = report.data;
  const csv = (table: Extract<GstDownload, { kind: 'csv' }>['table']) => (
    <GstDownloadButton label="CSV" save={() => downloadGstFile(month, { kind: 'csv', table }, getToken)} />
  );
  const net = data?.register.totals.net;

  return (
    <Box sx={{ mt: 2, mb: 4, minWidth: 0 }}>
      <Title title="GST returns" />
      <GstReturnNav />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark">
            GST returns
          </Typography>
          <Typography variant="body2" color="text.secondary">
            GSTR-1 of {data ? `${data.period.label}` : 'the month'} for{' '}
            {data ? `GSTIN ${data.seller.gstin}, ${place(data.seller.state)}` : 'the seller of record'}: from the
            invoices and credit notes issued in it (India time).
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            label="Return period"
            type="month"
            size="small"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth, min: GST_START_MONTH } }}
          />
          <GstDownloadButton
            label="Portal JSON"
            save={() => downloadGstFile(month, { kind: 'portal' }, getToken)}
            primary
          />
        </Stack>
      </Stack>

      <GstReturnState report={report} what="GST" />

      {data && net && (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }} component="section" aria-label="Totals of the month">
            <Figure label="Taxable value" value={rupees(net.taxable)} note="net of credit notes" />
            <Figure
              label="Tax"
              value={rupees(net.cgst + net.sgst + net.igst)}
              note={`CGST ${rupees(net.cgst)} · SGST ${rupees(net.sgst)} · IGST ${rupees(net.igst)}`}
            />
            <Figure label="Exempt supplies" value={rupees(net.exempt)} />
            <Figure label="Documents" value={`${net.invoices} + ${net.creditNotes}`} note="invoices + credit notes" />
          </Grid>
          {(data.b2cl.length > 0 || data.cdnur.length > 0) && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {data.b2cl.length} inter-state invoice(s) over ₹1,00,000 go to Table 5 (B2CL) and {data.cdnur.length}{' '}
              credit note(s) to Table 9B: they are in the portal JSON.
            </Alert>
          )}

          <GstTable
            title="Table 7 · B2C (others)"
            caption="Taxed supplies by place of supply and rate, net of the month's credit notes."
            actions={csv('b2cs')}
            rows={data.b2cs.rows}
            empty="No taxed supplies this month."
            columns={[
              { label: 'Place of supply', cell: (row) => place(row.placeOfSupply) },
              { label: 'Supply type', cell: (row) => row.supplyType },
              { label: 'Rate', cell: (row) => `${row.rate}%`, numeric: true },
              ...taxColumns(),
            ]}
            total={['Total', '', '', ...taxTotals(data.b2cs.totals)]}
          />

          <GstTable
            title="Table 8 · Nil rated, exempt and non-GST"
            caption="Fresh produce and loose staples are exempt; shipping of exempt goods is exempt with them."
            actions={csv('nil')}
            rows={data.nil.rows}
            empty="No exempt supplies this month."
            columns={[
              { label: 'Supplies to unregistered persons', cell: (row) => row.supplyType },
              { label: 'Nil rated', cell: (row) => rupees(row.nilRated), numeric: true },
              { label: 'Exempted', cell: (row) => rupees(row.exempt), numeric: true },
              { label: 'Non-GST', cell: (row) => rupees(row.nonGst), numeric: true },
            ]}
            total={[
              'Total',
              rupees(data.nil.totals.nilRated),
              rupees(data.nil.totals.exempt),
              rupees(data.nil.totals.nonGst),
            ]}
          />

          <GstTable
            title="Table 12 · HSN summary (B2C)"
            caption="By HSN and rate; shipping is counted with the goods it carries. Quantities are packs (NOS)."
            actions={csv('hsn')}
            rows={data.hsn.rows}
            empty="No goods supplied this month."
            columns={[
              { label: 'HSN', cell: (row) => row.hsn },
              { label: 'Description', cell: (row) => row.description },
              { label: 'UQC', cell: (row) => row.uqc },
              { label: 'Quantity', cell: (row) => row.quantity, numeric: true },
              { label: 'Rate', cell: (row) => `${row.rate}%`, numeric: true },
              { label: 'Total value', cell: (row) => rupees(row.totalValue), numeric: true },
              ...taxColumns(),
            ]}
            total={[
              'Total',
              '',
              '',
              data.hsn.totals.quantity,
              '',
              rupees(data.hsn.totals.totalValue),
              ...taxTotals(data.hsn.totals),
            ]}
          />

          <GstTable
            title="Table 13 · Documents issued"
            actions={csv('docs')}
            rows={data.documents}
            empty="No documents issued this month."
            columns={[
              { label: 'Nature of document', cell: (row) => row.nature },
              { label: 'From', cell: (row) => row.from },
              { label: 'To', cell: (row) => row.to },
              { label: 'Total', cell: (row) => row.total, numeric: true },
              { label: 'Cancelled', cell: (row) => row.cancelled, numeric: true },
              { label: 'Net issued', cell: (row) => row.netIssued, numeric: true },
            ]}
          />

          <GstTable
            title="Sales register"
            caption={
              data.register.rows.length > REGISTER_ROWS_SHOWN
                ? `The first ${REGISTER_ROWS_SHOWN} of ${data.register.rows.length} documents; the CSV has them all. Credit notes are negative.`
                : 'Every invoice and credit note of the month; credit notes are negative.'
            }
            actions={csv('register')}
            rows={data.register.rows.slice(0, REGISTER_ROWS_SHOWN)}
            empty="No documents issued this month."
            columns={[
              { label: 'Document', cell: (row) => row.document },
              { label: 'Number', cell: (row) => row.number },
              { label: 'Date', cell: (row) => dateOnly(row.date) },
              { label: 'Order', cell: (row) => `#${row.orderId}` },
              { label: 'Against', cell: (row) => row.againstNumber ?? '' },
              { label: 'Place of supply', cell: (row) => place(row.placeOfSupply) },
              { label: 'Taxable', cell: (row) => rupees(row.taxable), numeric: true },
              { label: 'Exempt', cell: (row) => rupees(row.exempt), numeric: true },
              { label: 'CGST', cell: (row) => rupees(row.cgst), numeric: true },
              { label: 'SGST', cell: (row) => rupees(row.sgst), numeric: true },
              { label: 'IGST', cell: (row) => rupees(row.igst), numeric: true },
              { label: 'Total', cell: (row) => rupees(row.total), numeric: true },
            ]}
            total={[
              'Net',
              '',
              '',
              '',
              '',
              '',
              rupees(net.taxable),
              rupees(net.exempt),
              rupees(net.cgst),
              rupees(net.sgst),
              rupees(net.igst),
              rupees(net.total),
            ]}
          />
        </>
      )}
    </Box>
  );
}
