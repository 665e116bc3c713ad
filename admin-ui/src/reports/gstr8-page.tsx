import { currentReturnMonth, GST_START_MONTH, isMonthText, previousReturnMonth } from '@mandi/domain';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { rupees } from '../layout/format';
import { downloadGstr8File } from './gst-download';
import { GstDownloadButton } from './gst-download-button';
import { GstReturnState } from './gst-return-state';
import { GstReturnNav } from './gst-return-nav';
import { GstTable } from './gst-table';

/**
 * The console's GSTR-8 page: the return Mandi files as e-commerce operator for a chosen month (last month unless
 * chosen), from the gstr8Report route: Table 3, one row per registered seller's GSTIN with the value of their supplies
 * through Mandi, the value returned (credit notes issued in the month), the net value and the TCS collected on it
 * (section 52), with the month's totals; and the return as CSV and in the GST portal's JSON layout.
 */
export function Gstr8Page({ getToken, now = () => new Date() }: { getToken: TokenSource; now?: () => Date }) {
  const [month, setMonth] = useState(() => previousReturnMonth(now()));
  const thisMonth = currentReturnMonth(now());
  const report = useQuery({
    queryKey: ['console', 'gstr8', month],
    queryFn: () => apiFetch('gstr8Report', getToken, { query: { month } }),
    retry: false,
    enabled: isMonthText(month),
  });
  const data = report.data;
  const totals = data?.totals;
  const tcs = totals ? totals.igst + totals.cgst + totals.sgst : 0;

  return (
    <Box sx={{ mt: 2, mb: 4, minWidth: 0 }}>
      <Title title="GSTR-8" />
      <GstReturnNav />
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark">
          GSTR-8 · TCS
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
          GSTR-8 of {data ? data.period.label : 'the month'} for{' '}
          {data ? `${data.operator.name}, GSTIN ${data.operator.gstin}` : 'Mandi'} as e-commerce operator: the tax
          collected at source (section 52) on registered sellers&apos; supplies through Mandi, from the invoices and
          credit notes issued in their names (India time).
        </Typography>
      </Box>
      {/* The month and the downloads on one line, wrapping on a phone (gaps, not margins, so a wrapped line aligns). */}
      <Stack direction="row" useFlexGap spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label="Return period"
          type="month"
          size="small"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth, min: GST_START_MONTH } }}
          sx={{ width: { xs: '100%', sm: '13rem' } }}
        />
        <GstDownloadButton
          label="Download CSV"
          save={() => downloadGstr8File(month, 'csv', getToken)}
          disabled={!isMonthText(month)}
        />
        <GstDownloadButton
          label="Download portal JSON"
          save={() => downloadGstr8File(month, 'portal', getToken)}
          disabled={!isMonthText(month)}
          primary
        />
      </Stack>

      <GstReturnState report={report} what="GSTR-8" />

      {data && totals && (
        <GstTable
          title="Table 3 · Supplies through Mandi"
          caption={`Each registered seller's taxable supplies to unregistered buyers, less the month's returns; TCS collected ${rupees(tcs)} (IGST, CGST and SGST columns).`}
          rows={data.rows}
          empty="No registered seller supplied through Mandi this month."
          columns={[
            { label: 'GSTIN', cell: (row) => row.gstin },
            {
              label: 'Seller',
              // A long legal name wraps rather than pushing the tax columns out of sight.
              cell: (row) => (
                <Box component="span" sx={{ display: 'inline-block', minWidth: '10rem', whiteSpace: 'normal' }}>
                  {row.name}
                </Box>
              ),
            },
            { label: 'Invoices', cell: (row) => row.invoices, numeric: true },
            { label: 'Credit notes', cell: (row) => row.creditNotes, numeric: true },
            { label: 'Supplied', cell: (row) => rupees(row.supplied), numeric: true },
            { label: 'Returned', cell: (row) => rupees(row.returned), numeric: true },
            { label: 'Net', cell: (row) => rupees(row.net), numeric: true },
            { label: 'IGST', cell: (row) => rupees(row.igst), numeric: true },
            { label: 'CGST', cell: (row) => rupees(row.cgst), numeric: true },
            { label: 'SGST', cell: (row) => rupees(row.sgst), numeric: true },
          ]}
          total={[
            'Total',
            '',
            totals.invoices,
            totals.creditNotes,
            rupees(totals.supplied),
            rupees(totals.returned),
            rupees(totals.net),
            rupees(totals.igst),
            rupees(totals.cgst),
            rupees(totals.sgst),
          ]}
        />
      )}
    </Box>
  );
}
