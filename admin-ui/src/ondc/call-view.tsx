import type { AdminOndcCallDetail } from '@mandi/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import ListAlt from '@mui/icons-material/ListAlt';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiDownload, saveBlob } from '../data/api-download';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { useSay } from '../layout/use-say';
import {
  Acknowledgement,
  CallLink,
  Code,
  Direction,
  FactsCard,
  type Fact,
  ONDC_KEY,
  QueryState,
  FullTiming,
  callsPath,
  networkOrderPath,
} from './ondc-parts';
import type { OndcWords } from './ondc-texts';

/** A size in bytes as people read it: '812 B', '48.2 kB', '20.4 MB'. */
function bytesText(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** What the call's page says of it, in order: where it went, its ids, its link to its request or callback, its times. */
function callFacts(call: AdminOndcCallDetail, words: OndcWords): Fact[] {
  const { t } = words;
  const facts: Fact[] = [
    [t.direction, <Direction key="direction" call={call} words={words} />],
    [t.action, <Code key="action">{call.action}</Code>],
    [t.orderColumns.transaction, <Code key="txn">{call.transaction_id}</Code>],
    [t.message, <Code key="message">{call.message_id}</Code>],
    [t.orderColumns.buyerApp, <Code key="bap">{call.bap_id}</Code>],
    [t.callbackUri, <Code key="uri">{call.bap_uri}</Code>],
  ];
  if (call.direction === 'outbound') {
    // A callback answers its request (on_confirm answers confirm), or was sent unsolicited for a reason of its own.
    if (call.reply_to_id)
      facts.push([
        t.answers,
        <CallLink key="request" call={{ id: call.reply_to_id, action: call.action.replace(/^on_/, '') }} />,
      ]);
    else facts.push([t.unsolicited, call.unsolicited_key ? <Code key="key">{call.unsolicited_key}</Code> : t.none]);
  } else {
    facts.push([
      t.answeredBy,
      call.callback_id ? (
        <CallLink key="callback" call={{ id: call.callback_id, action: `on_${call.action}` }} />
      ) : (
        t.noCallback
      ),
    ]);
  }
  if (call.order_id)
    facts.push([
      t.mandiOrderLabel,
      <Link key="order" component={RouterLink} to={networkOrderPath(call.order_id)} fontWeight={700}>
        {t.mandiOrder(call.order_id)}
      </Link>,
    ]);
  facts.push([t.callColumns.timing, <FullTiming key="timing" call={call} words={words} />]);
  return facts;
}

/**
 * A call's page (/ondc/calls/:callId): which way it went, its ids, its acknowledgement with the error a NACK carried,
 * its attempts and times, the request it answers or the callback answering it, and its body exactly as received or
 * sent, laid out as JSON to read (and copied with one button, to paste into ONDC's validator or a bug report).
 */
export function CallView({ getToken, words }: { getToken: TokenSource; words: OndcWords }) {
  const { t, said } = words;
  const say = useSay();
  const { callId = '' } = useParams();
  const detail = useQuery({
    queryKey: [...ONDC_KEY, 'call', callId],
    queryFn: () => apiFetch('adminOndcCall', getToken, { params: { callId } }),
    retry: false,
  });
  const call = detail.data;
  // A body too large to show comes without it: the page shows its context and downloads the rest.
  const shown = call ? (call.body === null ? call.context : call.body) : null;
  const body = useMemo(() => (shown === null ? '' : JSON.stringify(shown, null, 2)), [shown]);
  const download = useMutation({
    networkMode: 'always',
    mutationFn: () => apiDownload('adminOndcCallBody', getToken, { params: { callId } }),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? `ondc-call-${callId}.json`),
    onError: (error) => say(said(error) ?? t.downloadFailed, 'error'),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(body);
      say(t.bodyCopied, 'success');
    } catch {
      say(t.copyFailed, 'error');
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={RouterLink} to="/ondc/calls" startIcon={<ArrowBack />} size="small">
          {t.allCalls}
        </Button>
        {call && (
          <Button
            component={RouterLink}
            to={callsPath({ transaction_id: call.transaction_id })}
            startIcon={<ListAlt />}
            size="small"
          >
            {t.transactionCalls(call.transaction_id)}
          </Button>
        )}
      </Stack>
      <QueryState query={detail} loading={t.callLoading} failed={t.callFailed} words={words} />
      {call && (
        <>
          <FactsCard
            title={t.callTitle(call.id, call.action)}
            badge={<Acknowledgement call={call} words={words} />}
            facts={callFacts(call, words)}
          />
          <Paper component="section" variant="outlined" aria-label={t.body} sx={{ mb: 3, overflow: 'hidden' }}>
            <Box
              sx={{
                px: 2,
                pt: 1.5,
                pb: 1,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" fontWeight={700} color="primary.dark">
                  {t.body}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t.bodyCaption}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {call.body !== null && (
                  <Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
                    {t.copyBody}
                  </Button>
                )}
                <Button
                  size="small"
                  variant={call.body === null ? 'contained' : 'outlined'}
                  startIcon={<Download />}
                  disabled={download.isPending}
                  onClick={() => download.mutate()}
                >
                  {t.downloadBody(bytesText(call.body_bytes))}
                </Button>
              </Stack>
            </Box>
            {call.body === null && (
              <Alert severity="info" sx={{ mx: 2, mb: 1.5 }}>
                {t.bodyTooLarge(bytesText(call.body_bytes))}
              </Alert>
            )}
            <Box
              component="pre"
              aria-label={call.body === null ? t.bodyContext : t.body}
              tabIndex={0}
              sx={{
                m: 0,
                px: 2,
                py: 1.5,
                maxHeight: '70vh',
                overflow: 'auto',
                bgcolor: '#F4F6F2',
                borderTop: 1,
                borderColor: 'divider',
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                lineHeight: 1.55,
                // The JSON keeps its indentation; a long line scrolls inside the box, never the page.
                whiteSpace: 'pre',
                fontSize: { xs: '0.75rem', sm: '0.8125rem' },
              }}
            >
              {body}
            </Box>
          </Paper>
        </>
      )}
    </>
  );
}
