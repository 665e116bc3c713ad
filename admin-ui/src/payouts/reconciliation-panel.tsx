import type { PayoutReconciliation, PayoutReconciliationMismatch } from '@mandi/contracts';
import { DAY_MS, RECONCILIATION_PERIOD, indiaDateParts } from '@mandi/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Chip, Grid, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { PayoutTable } from './payout-table';
import { refusedFields, type PayoutWords } from './payout-texts';

/** An India day as the date inputs write it: 'YYYY-MM-DD'. */
function indiaDay(date: Date): string {
  const { year, month, day } = indiaDateParts(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** One figure of a run: what was read, compared and matched. */
function RunFigure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Grid size={{ xs: 4 }}>
      <Box
        role="group"
        aria-label={label}
        sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
      >
        <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
          {label}
        </Typography>
        <Typography variant="h6" component="p" fontWeight={800} color={tone ?? 'text.primary'}>
          {value.toLocaleString('en-IN')}
        </Typography>
      </Box>
    </Grid>
  );
}

/**
 * The Reconciliation tab (docs/payouts.md): a period of India days (the last 30 by default, at most 92), Run, and what
 * came back: how many transfers Razorpay listed, how many payouts were compared and matched, and each mismatch with
 * what Mandi and Razorpay each say, or that every transfer matches the books. A run asks Razorpay for every transfer
 * of the period, so it is an action the admin starts, not a page that reads by itself.
 */
export function ReconciliationPanel({ getToken, words }: { getToken: TokenSource; words: PayoutWords }) {
  const { t, time, said, language } = words;
  const [from, setFrom] = useState(() =>
    indiaDay(new Date(Date.now() - (RECONCILIATION_PERIOD.defaultDays - 1) * DAY_MS)),
  );
  const [to, setTo] = useState(() => indiaDay(new Date()));
  const [fields, setFields] = useState<Partial<Record<'from' | 'to', string>>>({});
  const run = useMutation({
    networkMode: 'always',
    mutationFn: (period: { from: string; to: string }) => apiFetch('payoutReconciliation', getToken, { query: period }),
    onMutate: () => setFields({}),
    onError: (error) => setFields(refusedFields(error, ['from', 'to'] as const, language) ?? {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate({ from, to });
  };
  const result: PayoutReconciliation | undefined = run.data;
  const failed = run.isError && Object.keys(fields).length === 0;

  return (
    <Box component="section" aria-labelledby="reconciliation-title">
      <Typography id="reconciliation-title" variant="h6" component="h2" fontWeight={800} color="primary.dark">
        {t.reconciliation}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch', mb: 2 }}>
        {t.reconciliationLead}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          onSubmit={submit}
          noValidate
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            type="date"
            size="small"
            label={t.from}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={fields.from !== undefined}
            helperText={fields.from}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
          />
          <TextField
            type="date"
            size="small"
            label={t.to}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={fields.to !== undefined}
            helperText={fields.to}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<PlayArrow />}
            disabled={run.isPending}
            sx={{ mt: 0.25 }}
          >
            {run.isPending ? t.running : t.run}
          </Button>
        </Stack>
        {run.isPending && <LinearProgress aria-label={t.running} sx={{ mt: 2 }} />}
      </Paper>

      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {said(run.error) ?? t.runFailed}
        </Alert>
      )}
      {!result && !run.isPending && !failed && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t.notRun}
        </Typography>
      )}

      {result && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t.checked(time(result.checked_at), result.period.from, result.period.to)}
          </Typography>
          <Grid container spacing={1.5} sx={{ mb: 2 }}>
            <RunFigure label={t.transfersChecked} value={result.razorpay_transfers} />
            <RunFigure label={t.payoutsChecked} value={result.payouts} />
            <RunFigure label={t.matched} value={result.matched} tone="success.main" />
          </Grid>
          {result.mismatch_count === 0 ? (
            <Alert severity="success" icon={<CheckCircle />} sx={{ mb: 2 }}>
              {t.allMatch}
            </Alert>
          ) : (
            <PayoutTable<PayoutReconciliationMismatch>
              title={t.mismatchesFound(result.mismatch_count)}
              caption={
                result.mismatches.length < result.mismatch_count
                  ? t.mismatchesListed(result.mismatches.length, result.mismatch_count)
                  : undefined
              }
              rows={result.mismatches}
              rowKey={(mismatch) => `${mismatch.kind}:${mismatch.payout_id ?? ''}:${mismatch.transfer_id ?? ''}`}
              rowName={(mismatch) => t.mismatchKinds[mismatch.kind]}
              empty={null}
              columns={[
                {
                  label: t.mismatchColumns.kind,
                  cell: (mismatch) => (
                    <Chip size="small" color="error" variant="outlined" label={t.mismatchKinds[mismatch.kind]} />
                  ),
                },
                {
                  label: t.mismatchColumns.payout,
                  cell: (mismatch) => (mismatch.payout_id ? `#${mismatch.payout_id}` : t.none),
                },
                {
                  label: t.mismatchColumns.transfer,
                  cell: (mismatch) => (
                    <Box
                      component="span"
                      sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
                    >
                      {mismatch.transfer_id ?? t.none}
                    </Box>
                  ),
                },
                { label: t.mismatchColumns.mandi, cell: (mismatch) => mismatch.mandi },
                { label: t.mismatchColumns.razorpay, cell: (mismatch) => mismatch.razorpay },
              ]}
            />
          )}
        </>
      )}
    </Box>
  );
}
