import { Box, Link, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink, Route, Routes, useLocation } from 'react-router-dom';
import type { TokenSource } from '../data/api-fetch';
import { PayoutList } from './payout-list';
import { usePayoutWords, type PayoutLanguage } from './payout-texts';
import { ReconciliationPanel } from './reconciliation-panel';
import { SellerLedgerView } from './seller-ledger';

/**
 * The console's Payouts page (issue 32, docs/payouts.md), under /payouts: the payouts with what wants attention and
 * the retry of a failed one (/payouts), a seller's ledger with their adjustments and settle-after period
 * (/payouts/sellers/:uid), and the reconciliation with Razorpay (/payouts/reconciliation). In English or Hindi, as the
 * admin chooses here (remembered in the console's store). Every change is audited by the server.
 */
export function PayoutsPage({ getToken }: { getToken: TokenSource }) {
  const { setLanguage, ...words } = usePayoutWords();
  const { t, language } = words;
  const { pathname } = useLocation();
  const tab = pathname.startsWith('/payouts/reconciliation') ? 'reconciliation' : 'payouts';
  return (
    <Box lang={language} sx={{ mt: 2, mb: 4, minWidth: 0 }}>
      <Title title={t.title} />
      <Box
        sx={{
          mb: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 420px' }}>
          <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark">
            {t.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
            {t.lead} {t.auditNote}{' '}
            <Link component={RouterLink} to="/audit">
              {t.auditLink}
            </Link>
            .
          </Typography>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={language}
          aria-label={t.language}
          onChange={(_event, value: PayoutLanguage | null) => value && setLanguage(value)}
        >
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
          <ToggleButton value="hi" lang="hi">
            हिन्दी
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Tabs value={tab} aria-label={t.tabs} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="payouts" label={t.tabList} component={RouterLink} to="/payouts" />
        <Tab value="reconciliation" label={t.tabReconciliation} component={RouterLink} to="/payouts/reconciliation" />
      </Tabs>
      <Routes>
        <Route index element={<PayoutList getToken={getToken} words={words} />} />
        <Route path="sellers/:uid" element={<SellerLedgerView getToken={getToken} words={words} />} />
        <Route path="reconciliation" element={<ReconciliationPanel getToken={getToken} words={words} />} />
      </Routes>
    </Box>
  );
}
