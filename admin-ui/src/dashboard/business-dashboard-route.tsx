import { Box } from '@mui/material';
import { Suspense, lazy } from 'react';
import type { TokenSource } from '../data/api-fetch';
import { DashboardSkeleton } from './business-skeleton';

// The page, and through it the charts, load only when the Dashboard opens: the other tabs never download them.
const BusinessDashboard = lazy(() => import('./business-dashboard'));

/** The console's /dashboard route. */
export function BusinessDashboardRoute({ getToken }: { getToken: TokenSource }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ mt: 9 }}>
          <DashboardSkeleton />
        </Box>
      }
    >
      <BusinessDashboard getToken={getToken} />
    </Suspense>
  );
}
