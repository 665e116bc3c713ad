import { Box, Card, CardContent, Grid, Skeleton } from '@mui/material';

/** The charts' place while their chunk loads: cards of the charts' own heights, so nothing jumps. */
export function ChartsSkeleton() {
  return (
    <Grid container spacing={2} sx={{ mt: 2 }} aria-busy="true" aria-label="Loading the charts">
      {[
        { size: 12, height: 280 },
        { size: { xs: 12, md: 7 }, height: 260 },
        { size: { xs: 12, md: 5 }, height: 260 },
      ].map((chart, index) => (
        <Grid key={index} size={chart.size}>
          <Card>
            <CardContent>
              <Skeleton variant="text" width={220} height={32} />
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="rounded" height={chart.height} sx={{ mt: 1 }} />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** The Dashboard's place while its code or its first answer loads: the figure cards, the charts, the lists. */
export function DashboardSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the dashboard">
      <Grid container spacing={2}>
        {[0, 1, 2, 3].map((n) => (
          <Grid key={n} size={{ xs: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Skeleton variant="text" width="60%" />
                <Skeleton variant="text" width="45%" height={40} />
                <Skeleton variant="text" width="80%" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <ChartsSkeleton />
    </Box>
  );
}
