import type { AdminDashboardAnswer, DashboardClosingOrder } from '@mandi/contracts';
import { CONSOLE_MESSAGES } from '@mandi/domain';
import AccessAlarm from '@mui/icons-material/AccessAlarm';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link, Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, serverMessage, type TokenSource } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { formatIndiaTime, rupees } from '../layout/format';
import { EmptyList, FailedState } from '../layout/states';
import { useNow } from '../layout/use-now';
import { useSay } from '../layout/use-say';
import { ChartsSkeleton, DashboardSkeleton } from './business-skeleton';
import { orderPagePath } from '../orders/order-link';
import { closesIn, longDay, share, wholeNumber } from './business-format';
import { LedgerHealth } from './ledger-health';
import { OUTBOX_LAG_WARNING_SECONDS, formatWait } from './pipeline-format';

// The charts library is a chunk of its own, fetched when this page renders, never by the other tabs.
const BusinessCharts = lazy(() => import('./business-charts'));

/** How often the dashboard is read again while it is open: the figures move with each order, the list by the minute. */
export const BUSINESS_DASHBOARD_REFRESH_MS = 60_000;

/** The message of a dashboard that cannot be read. */
export const DASHBOARD_FAILED = 'Failed to fetch the dashboard';

/** One figure card: a label, the figure, a line saying what it counts; `to` makes the line a link. */
function Figure({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  tone?: 'error' | 'warning' | 'success';
}) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card role="group" aria-label={label} sx={{ height: '100%' }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
            {label}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            fontWeight={800}
            color={tone ? `${tone}.main` : 'text.primary'}
            sx={{ fontVariantNumeric: 'tabular-nums', fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
          >
            {value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** A card with a title (its accessible name), an optional line under it, and its content. */
function Panel({
  title,
  detail,
  action,
  children,
}: {
  title: string;
  detail?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `dashboard-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            mb: 1,
          }}
        >
          <Box>
            <Typography id={id} variant="h6" component="h2">
              {title}
            </Typography>
            {detail && (
              <Typography variant="body2" color="text.secondary">
                {detail}
              </Typography>
            )}
          </Box>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The orders whose window closes within the hour, soonest first, each a link to the order in the Orders tab. */
function ClosingSoon({ orders, total, now }: { orders: DashboardClosingOrder[]; total: number; now: Date }) {
  if (orders.length === 0) {
    return (
      <EmptyList title="Nothing closes within the hour">
        Orders waiting for a decision show here in the last hour of their 8-hour window.
      </EmptyList>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label="Orders closing within the hour">
        {orders.map((order) => (
          <ListItemButton
            key={order.order_id}
            component={RouterLink}
            to={orderPagePath(order.order_id)}
            divider
            sx={{ px: 1, gap: 1.5, alignItems: 'center' }}
          >
            <AccessAlarm
              color={new Date(order.closes_at).getTime() - now.getTime() < 15 * 60_000 ? 'error' : 'warning'}
              fontSize="small"
            />
            <ListItemText
              primary={
                <>
                  <strong>#{order.order_id}</strong> · {order.buyer} · {rupees(order.total_amount)}
                </>
              }
              secondary={`${closesIn(order.closes_at, now)} · ${formatIndiaTime(order.closes_at)} · ${order.payment_method === 'cod' ? 'Cash on delivery' : 'Online'}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
            <Chip
              size="small"
              label={order.status === 'pending' ? 'pending' : 'cancel requested'}
              color={order.status === 'pending' ? 'warning' : 'secondary'}
            />
          </ListItemButton>
        ))}
      </List>
      {total > orders.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          And {total - orders.length} more: the Orders tab lists them all.
        </Typography>
      )}
    </>
  );
}

/** A top-five table: name, orders, revenue; 'No sales yet' when the period sold nothing. */
function TopTable({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: string; detail: string; revenue: number }[];
}) {
  if (rows.length === 0)
    return <EmptyList title="No sales yet">Lines of orders that are not cancelled count here.</EmptyList>;
  return (
    <TableContainer sx={{ contain: 'inline-size' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ px: 1 }}>
              #
            </TableCell>
            <TableCell component="th" scope="col" sx={{ px: 1 }}>
              Name
            </TableCell>
            <TableCell component="th" scope="col" align="right" sx={{ px: 1 }}>
              Revenue
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={row.key}>
              <TableCell sx={{ px: 1, color: 'text.secondary', width: 24 }}>{index + 1}</TableCell>
              <TableCell component="th" scope="row" sx={{ px: 1 }}>
                <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {row.detail}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ px: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {rupees(row.revenue)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The pipeline's health from the dashboard's answer (the adminPipeline route's), with the ways to act on it. */
function PipelineHealth({ pipeline }: { pipeline: AdminDashboardAnswer['pipeline'] }) {
  const now = useNow(30_000);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const say = useSay();
  const openQueues = useMutation({
    networkMode: 'always',
    mutationFn: () => dataProvider.openQueuesSession(),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => say(serverMessage(error) ?? CONSOLE_MESSAGES.queuesFailed, 'error'),
  });
  const sum = (key: 'waiting' | 'failed') => pipeline.queues.reduce((total, queue) => total + (queue[key] ?? 0), 0);
  const lag = pipeline.outbox.oldestAgeSeconds;
  const items = [
    {
      label: 'Dead jobs',
      value: wholeNumber(pipeline.deadJobs),
      tone: pipeline.deadJobs > 0 ? 'error.main' : 'success.main',
      detail: pipeline.deadJobs > 0 ? 'Fix the cause, then retry' : 'Every job ran or is on its way',
    },
    {
      label: 'Outbox lag',
      value: lag === null ? 'None' : formatWait(lag),
      tone: (lag ?? 0) > OUTBOX_LAG_WARNING_SECONDS ? 'warning.main' : 'text.primary',
      detail: `${wholeNumber(pipeline.outbox.unpublished)} waiting to reach the queues`,
    },
    {
      label: 'Queued jobs',
      value: wholeNumber(sum('waiting')),
      tone: 'text.primary',
      detail: sum('failed') > 0 ? `${wholeNumber(sum('failed'))} failed, being retried` : 'None failed',
    },
    {
      label: 'Worker',
      value: pipeline.worker.alive ? 'Alive' : 'No worker',
      tone: pipeline.worker.alive ? 'success.main' : 'error.main',
      detail: pipeline.worker.documents === 'up' ? 'Printing invoices' : 'Not printing invoices',
    },
  ];
  return (
    <Panel title="Pipeline health" detail="Invoices, mail, refunds and deadlines on their way">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}>
        {items.map((item) => (
          // Each figure a group with its own term and value: a <dl> may not hold a group (axe: definition-list).
          <Box
            key={item.label}
            role="group"
            aria-label={item.label}
            sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
          >
            <Box component="dl" sx={{ m: 0 }}>
              <Typography
                component="dt"
                variant="overline"
                color="text.secondary"
                sx={{ lineHeight: 1.5, display: 'block' }}
              >
                {item.label}
              </Typography>
              <Typography component="dd" variant="h6" fontWeight={800} color={item.tone} sx={{ m: 0 }}>
                {item.value}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary">
              {item.detail}
            </Typography>
          </Box>
        ))}
      </Box>
      <LedgerHealth ledger={pipeline.ledger} now={now} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to="/dead-jobs"
          variant={pipeline.deadJobs > 0 ? 'contained' : 'outlined'}
          color={pipeline.deadJobs > 0 ? 'error' : 'primary'}
        >
          Dead jobs
        </Button>
        <Button
          variant="outlined"
          endIcon={<OpenInNew />}
          disabled={openQueues.isPending}
          onClick={() => openQueues.mutate()}
        >
          Queues
        </Button>
        <Button component={RouterLink} to="/health">
          System health
        </Button>
      </Box>
    </Panel>
  );
}

/**
 * The console's Dashboard (the adminDashboard route): the figures of the last 30 India days, the charts (a lazy chunk),
 * the orders to decide before their window closes, the top products and sellers, and the pipeline's health.
 */
export default function BusinessDashboard({ getToken }: { getToken: TokenSource }) {
  const dashboard = useQuery({
    queryKey: ['console', 'dashboard'],
    queryFn: () => apiFetch('adminDashboard', getToken),
    refetchInterval: BUSINESS_DASHBOARD_REFRESH_MS,
    retry: false,
  });
  const now = useNow(30_000);
  const answer = dashboard.data;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark">
        Dashboard
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {answer
          ? `The last 30 days in India time, ${longDay(answer.from)} to ${longDay(answer.to)} · read ${formatIndiaTime(answer.readAt)}`
          : 'The last 30 days in India time'}
      </Typography>

      {dashboard.isPending && <DashboardSkeleton />}
      {dashboard.isError && !answer && (
        <Card>
          <FailedState
            title={DASHBOARD_FAILED}
            detail={serverMessage(dashboard.error)}
            retry={() => void dashboard.refetch()}
          />
        </Card>
      )}
      {answer && <DashboardBody answer={answer} now={now} />}
    </Box>
  );
}

function DashboardBody({ answer, now }: { answer: AdminDashboardAnswer; now: Date }) {
  const today = answer.days[answer.days.length - 1]!;
  const cod = answer.by_payment_method.find((entry) => entry.method === 'cod')!;
  const sold = answer.totals.orders > answer.totals.cancelled;
  return (
    <>
      <Grid container spacing={2}>
        <Figure
          label="Orders today"
          value={wholeNumber(today.orders)}
          detail={`${rupees(today.revenue)} revenue since 00:00 IST`}
        />
        <Figure
          label="Revenue, 30 days"
          value={rupees(answer.totals.revenue)}
          detail={`${wholeNumber(answer.totals.orders)} orders, ${wholeNumber(answer.totals.cancelled)} cancelled`}
        />
        <Figure
          label="COD share"
          value={share(cod.amount, answer.totals.revenue)}
          detail={`${rupees(cod.amount)} in ${wholeNumber(cod.orders)} cash orders`}
        />
        <Figure
          label="Closing within the hour"
          value={wholeNumber(answer.closing_soon_total)}
          tone={answer.closing_soon_total > 0 ? 'warning' : 'success'}
          detail={answer.closing_soon_total > 0 ? 'Decide before the window closes' : 'No deadline this hour'}
        />
      </Grid>

      {sold ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <BusinessCharts answer={answer} />
        </Suspense>
      ) : (
        <Card sx={{ mt: 2 }}>
          <EmptyList title="No orders in the last 30 days">
            Orders and revenue per day, by status and by payment show here once buyers order.
          </EmptyList>
        </Card>
      )}

      <Grid container spacing={2} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Panel
            title="Closing within the hour"
            detail="Orders waiting for a decision, soonest deadline first"
            action={
              <Link to="/orders" variant="body2" sx={{ fontWeight: 600 }}>
                All orders
              </Link>
            }
          >
            <ClosingSoon orders={answer.closing_soon} total={answer.closing_soon_total} now={now} />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <PipelineHealth pipeline={answer.pipeline} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title="Top products" detail="By revenue of their lines, 30 days">
            <TopTable
              label="Top products"
              rows={answer.top_products.map((product) => ({
                key: product.product_id ?? `name:${product.name}`,
                name: product.name,
                detail: `${wholeNumber(product.quantity)} sold in ${wholeNumber(product.orders)} ${product.orders === 1 ? 'order' : 'orders'}${product.product_id === null ? ' · deleted' : ''}`,
                revenue: product.revenue,
              }))}
            />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title="Top sellers" detail="By revenue of their lines, 30 days">
            <TopTable
              label="Top sellers"
              rows={answer.top_sellers.map((seller) => ({
                key: seller.seller_id ?? 'deleted',
                name: seller.name,
                detail: `${wholeNumber(seller.orders)} ${seller.orders === 1 ? 'order' : 'orders'}`,
                revenue: seller.revenue,
              }))}
            />
          </Panel>
        </Grid>
      </Grid>
    </>
  );
}
