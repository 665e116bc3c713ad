import type { AdminPipelineAnswer } from '@mandi/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { Box, Typography } from '@mui/material';
import { formatWait } from './pipeline-format';

/** How long ago the check ran, to the minute past the first one: 'just now', '40 s ago', '2 min ago', '3 h 5 min ago'. */
export function checkedAgo(instant: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(instant).getTime()) / 1000);
  if (seconds < 1) return 'just now';
  return `${formatWait(seconds < 60 ? seconds : Math.floor(seconds / 60) * 60)} ago`;
}

/** A rule of the ledger check as words: 'transfer_not_booked' -> 'Transfer not booked'. */
const ruleWords = (rule: string) => {
  const words = rule.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The worker's last check of the ledger (docs/ledger.md), on the health cards: 'Ledger: balanced, checked 2 min ago',
 * or how many breaks it found, with the first of them, in red. Before any check it says so.
 */
export function LedgerHealth({ ledger, now }: { ledger: AdminPipelineAnswer['ledger']; now: Date }) {
  const broken = ledger !== null && ledger.breaks > 0;
  const tone = ledger === null ? 'text.secondary' : broken ? 'error.main' : 'success.main';
  const Icon = ledger === null ? HelpOutline : broken ? ErrorOutline : CheckCircle;
  return (
    <Box
      role="status"
      aria-label="Ledger"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 1.5,
        mb: 2,
        borderRadius: 2,
        border: 1,
        borderColor: broken ? 'error.light' : 'divider',
        bgcolor: broken ? '#fdecea' : 'background.default',
      }}
    >
      <Icon sx={{ color: tone, mt: 0.25 }} fontSize="small" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" fontWeight={700} color={tone}>
          {ledger === null
            ? 'Ledger: not checked yet'
            : broken
              ? `Ledger: ${ledger.breaks} ${ledger.breaks === 1 ? 'break' : 'breaks'}, checked ${checkedAgo(ledger.checked_at, now)}`
              : `Ledger: balanced, checked ${checkedAgo(ledger.checked_at, now)}`}
        </Typography>
        {ledger === null && (
          <Typography variant="caption" color="text.secondary">
            The worker checks that the books add up every 5 minutes.
          </Typography>
        )}
        {broken && (
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'error.main' }}>
            {ledger.sample.map((found) => (
              <Typography
                component="li"
                variant="caption"
                key={`${found.rule}:${found.subject}`}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {ruleWords(found.rule)} ({found.subject}): {found.detail}
              </Typography>
            ))}
            {ledger.breaks > ledger.sample.length && (
              <Typography component="li" variant="caption">
                and {ledger.breaks - ledger.sample.length} more
              </Typography>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
