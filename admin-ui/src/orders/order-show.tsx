import type { AdminOrderDetail } from '@mandi/contracts';
import { ADMIN_REFRESH_MS } from '@mandi/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { RecordContextProvider, Title, useDataProvider } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { formatIndiaTime } from '../layout/format';
import { StatusChip } from '../layout/states';
import { OrderActionButtons, type OrderRow } from './order-action-buttons';
import { OrderDocuments, OrderLines, OrderMoney, OrderPeople, OrderTimeline } from './order-detail-sections';
import { OrderShipments, useOrderShipments } from './order-shipments';

/** The order page's order as the row buttons take it (the list's row shape). */
export function orderRowOf(order: AdminOrderDetail): OrderRow {
  return {
    id: order.order_id,
    order_id: order.order_id,
    username: order.buyer.username,
    email: order.buyer.email,
    address_name: order.address.name,
    area_or_street_or_village: order.address.area_or_street_or_village,
    district: order.address.district,
    pincode: order.address.pincode,
    status: order.status,
    payment_status: order.payment_status,
    created_at: order.created_at,
    cancel_reason: order.cancel_reason,
    items: order.lines.map((line) => ({
      order_item_id: line.order_item_id,
      product_name: line.product_name,
      quantity: line.quantity,
      price: line.unit_price,
    })),
    payment_method: order.payment_method,
    total_amount: order.amounts.total,
    window_closes_at: order.window_closes_at,
  };
}

const BackToOrders = () => (
  <Button component={Link} to="/orders" startIcon={<ArrowBack />} size="small">
    Orders
  </Button>
);

/**
 * The console's order page (docs/console.md, "The order page"): the order with its lines, its parts (one per seller,
 * read beside it), amounts, address, payments, refunds and documents, its timeline, and the same action buttons as
 * its row in the list. Read again every 60 s and after every action (the actions refresh every query).
 */
export function OrderShow() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const query = useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: () => dataProvider.orderDetail(id),
    refetchInterval: ADMIN_REFRESH_MS,
    retry: false,
  });
  // The order's parts, read beside the order; their failure stays in their section.
  const shipments = useOrderShipments(id);

  if (query.isPending) {
    return (
      <Box sx={{ p: { xs: 1.5, md: 2 } }} aria-busy="true">
        <Title title={`Order #${id}`} />
        <Skeleton variant="text" width={220} height={48} />
        <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={260} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ p: { xs: 1.5, md: 2 } }}>
        <Title title={`Order #${id}`} />
        <BackToOrders />
        <Alert severity="error" sx={{ mt: 2 }} action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
          {serverMessage(query.error) ?? 'Failed to fetch the order'}
        </Alert>
      </Box>
    );
  }
  const order = query.data;
  return (
    <RecordContextProvider value={orderRowOf(order)}>
      <Box sx={{ p: { xs: 1.5, md: 2 }, maxWidth: 1280 }}>
        <Title title={`Order #${order.order_id}`} />
        <BackToOrders />
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 1.5, mt: 1, mb: 2 }}
        >
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="h5" component="h1" fontWeight={800}>
                Order #{order.order_id}
              </Typography>
              <StatusChip source="status" />
              <StatusChip source="payment_status" />
              <Chip
                size="small"
                variant="outlined"
                label={order.payment_method === 'cod' ? 'Cash on delivery' : 'Online'}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Placed {formatIndiaTime(order.created_at)} · window closes {formatIndiaTime(order.window_closes_at)}
            </Typography>
            {order.cancel_reason && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Cancel reason: {order.cancel_reason}
              </Typography>
            )}
          </Box>
          <OrderActionButtons direction="row" />
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <OrderLines order={order} narrow={narrow} />
            <OrderShipments query={shipments} lines={order.lines} />
            <OrderMoney order={order} />
            <OrderDocuments order={order} />
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <OrderPeople order={order} />
            <OrderTimeline order={order} />
          </Stack>
        </Box>
      </Box>
    </RecordContextProvider>
  );
}
