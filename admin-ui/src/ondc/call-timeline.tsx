import type { AdminOndcCall } from '@mandi/contracts';
import { Box, Typography } from '@mui/material';
import { AckChips, CallLink, Direction, secondsBetween } from './ondc-parts';
import type { OndcWords } from './ondc-texts';

/**
 * A transaction's calls on a phone, oldest first, one short line each: the call (its way to its page), which way it
 * went, when, how long its acknowledgement took, and the ACK or NACK with the error a NACK carried. A table's card per
 * call would make a transaction of twenty calls twenty screens long.
 */
export function CallTimeline({
  calls,
  label,
  words,
}: {
  calls: readonly AdminOndcCall[];
  label: string;
  words: OndcWords;
}) {
  const { t, shortTime } = words;
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {calls.map((call) => {
        const error = t.errorOf(call.error_code, call.error_message);
        return (
          <Box
            component="li"
            key={call.id}
            sx={{
              px: 2,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <CallLink call={call} />
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}
              >
                <Direction call={call} words={words} />
                <span>{shortTime(call.created_at)}</span>
                {call.answered_at && (
                  <Box component="span" sx={call.late ? { color: 'warning.dark', fontWeight: 700 } : undefined}>
                    {t.after(secondsBetween(call.created_at, call.answered_at))}
                  </Box>
                )}
              </Typography>
              {error && (
                <Typography variant="caption" color="error.main" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {error}
                </Typography>
              )}
            </Box>
            <AckChips call={call} words={words} />
          </Box>
        );
      })}
    </Box>
  );
}
