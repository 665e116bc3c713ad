import type { AdminDashboardAnswer } from '@mandi/contracts';
import type { OrderStatus } from '@mandi/domain';
import { Box, Card, CardContent, Grid, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { rupees } from '../layout/format';
import { compactRupees, longDay, share, shortDay, wholeNumber } from './business-format';

/** How each status reads on the chart, in the order process's order. */
const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancel_requested: 'Cancel requested',
  cancelled: 'Cancelled',
};

/** A chart's card: a title, a line saying what it counts, the chart. */
function ChartCard({ title, detail, children }: { title: string; detail: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {detail}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The dashboard's charts (@mui/x-charts, loaded with the Dashboard page only): orders and revenue per India day,
 * orders by status, and online against cash on delivery. The figures themselves are in the cards and tables around.
 */
export default function BusinessCharts({ answer }: { answer: AdminDashboardAnswer }) {
  const theme = useTheme();
  const green = theme.palette.primary.main;
  const saffron = theme.palette.secondary.main;
  const statusColours: Record<OrderStatus, string> = {
    pending: theme.palette.warning.main,
    confirmed: theme.palette.info.main,
    shipped: theme.palette.primary.dark,
    delivered: theme.palette.success.main,
    cancel_requested: theme.palette.secondary.light,
    cancelled: theme.palette.error.main,
  };
  const online = answer.by_payment_method.find((entry) => entry.method === 'online')!;
  const cod = answer.by_payment_method.find((entry) => entry.method === 'cod')!;
  const paidFor = online.amount + cod.amount;

  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      <Grid size={12}>
        <ChartCard
          title="Orders and revenue per day"
          detail="Each India day of the last 30: orders placed, and the revenue of those not cancelled"
        >
          <LineChart
            height={280}
            margin={{ left: 8, right: 8 }}
            xAxis={[
              {
                scaleType: 'point',
                height: 32,
                data: answer.days.map((day) => day.day),
                valueFormatter: (day: string, context) =>
                  context.location === 'tooltip' ? longDay(day) : shortDay(day),
              },
            ]}
            yAxis={[
              { id: 'revenue', position: 'left', valueFormatter: (value: number) => compactRupees(value), width: 56 },
              { id: 'orders', position: 'right', tickMinStep: 1, width: 36 },
            ]}
            series={[
              {
                id: 'revenue',
                label: 'Revenue',
                yAxisId: 'revenue',
                data: answer.days.map((day) => day.revenue),
                area: true,
                color: green,
                showMark: false,
                valueFormatter: (value) => (value === null ? '' : rupees(value)),
              },
              {
                id: 'orders',
                label: 'Orders',
                yAxisId: 'orders',
                data: answer.days.map((day) => day.orders),
                color: saffron,
                showMark: false,
                valueFormatter: (value) => (value === null ? '' : wholeNumber(value)),
              },
            ]}
            sx={{ '& .MuiAreaElement-series-revenue': { fillOpacity: 0.15 } }}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <ChartCard
          title="Orders by status"
          detail={`The ${wholeNumber(answer.totals.orders)} orders of the 30 days, by their status now`}
        >
          <BarChart
            height={260}
            layout="horizontal"
            margin={{ left: 0, right: 16 }}
            yAxis={[
              {
                scaleType: 'band',
                data: answer.by_status.map((entry) => STATUS_LABELS[entry.status]),
                width: 116,
                colorMap: {
                  type: 'ordinal',
                  values: answer.by_status.map((entry) => STATUS_LABELS[entry.status]),
                  colors: answer.by_status.map((entry) => statusColours[entry.status]),
                },
              },
            ]}
            xAxis={[{ tickMinStep: 1, height: 32 }]}
            series={[
              {
                data: answer.by_status.map((entry) => entry.orders),
                label: 'Orders',
                valueFormatter: (value) => (value === null ? '' : wholeNumber(value)),
              },
            ]}
            hideLegend
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <ChartCard
          title="Online and cash on delivery"
          detail="Revenue of the orders not cancelled, by how they are paid"
        >
          <Box sx={{ position: 'relative' }}>
            <PieChart
              height={220}
              series={[
                {
                  innerRadius: '60%',
                  paddingAngle: 1,
                  cornerRadius: 4,
                  data: [
                    { id: 'online', label: 'Online', value: online.amount, color: green },
                    { id: 'cod', label: 'Cash on delivery', value: cod.amount, color: saffron },
                  ],
                  valueFormatter: (item) => rupees(item.value),
                },
              ]}
              slotProps={{
                legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
              }}
            />
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mt: 1,
              fontSize: '0.875rem',
            }}
          >
            {[
              { label: 'Online', entry: online },
              { label: 'Cash on delivery', entry: cod },
            ].map(({ label, entry }) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {label}
                </Box>
                <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {rupees(entry.amount)} · {wholeNumber(entry.orders)} {entry.orders === 1 ? 'order' : 'orders'} ·{' '}
                  {share(entry.amount, paidFor)}
                </Box>
              </Box>
            ))}
          </Box>
        </ChartCard>
      </Grid>
    </Grid>
  );
}
