import { Box, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink, Route, Routes, useLocation } from 'react-router-dom';
import type { TokenSource } from '../data/api-fetch';
import { CallList } from './call-list';
import { CallView } from './call-view';
import { NetworkOrderList } from './network-order-list';
import { NetworkOrderView } from './network-order-view';
import { OndcSummary } from './ondc-summary';
import { useOndcWords, type OndcLanguage } from './ondc-texts';

/**
 * The console's Network (ONDC) page (issue 33, docs/ondc.md "The console"), under /ondc: the last 24 hours' NACKs and
 * late callbacks at the top, the orders that came from buyer apps (/ondc) with each one's transaction
 * (/ondc/orders/:orderId), and every call and callback (/ondc/calls) with its body (/ondc/calls/:callId). Read only,
 * in English or Hindi as the admin chooses here (remembered in the console's store).
 */
export function OndcPage({ getToken }: { getToken: TokenSource }) {
  const { setLanguage, ...words } = useOndcWords();
  const { t, language } = words;
  const { pathname } = useLocation();
  const tab = pathname.startsWith('/ondc/calls') ? 'calls' : 'orders';
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
            {t.lead}
          </Typography>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={language}
          aria-label={t.language}
          onChange={(_event, value: OndcLanguage | null) => value && setLanguage(value)}
        >
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
          <ToggleButton value="hi" lang="hi">
            हिन्दी
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <OndcSummary getToken={getToken} words={words} />
      <Tabs
        value={tab}
        aria-label={t.tabs}
        variant="scrollable"
        scrollButtons={false}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="orders" label={t.tabOrders} component={RouterLink} to="/ondc" />
        <Tab value="calls" label={t.tabCalls} component={RouterLink} to="/ondc/calls" />
      </Tabs>
      <Routes>
        <Route index element={<NetworkOrderList getToken={getToken} words={words} />} />
        <Route path="orders/:orderId" element={<NetworkOrderView getToken={getToken} words={words} />} />
        <Route path="calls" element={<CallList getToken={getToken} words={words} />} />
        <Route path="calls/:callId" element={<CallView getToken={getToken} words={words} />} />
      </Routes>
    </Box>
  );
}
