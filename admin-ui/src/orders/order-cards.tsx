import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useListContext } from 'react-admin';
import { StatusChip } from '../layout/states';
import { OrderActionButtons, type OrderRow } from './order-action-buttons';
import { OrderAddress, OrderCustomer, OrderItems, OrderPlaced } from './order-fields';
import { OrderLink } from './order-link';

/** The orders on a phone: one card per order with every field of the table and the same actions. */
export function OrderCards() {
  const { data, isPending } = useListContext<OrderRow>();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      {data.map((order) => (
        <RecordContextProvider key={order.id} value={order}>
          <Card variant="outlined" component="article" aria-label={`Order #${order.order_id}`}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
                <Typography variant="subtitle1" component="h2" fontWeight={800}>
                  <OrderLink order={order} />
                </Typography>
                <StatusChip source="status" />
                <StatusChip source="payment_status" />
              </Stack>
              <OrderPlaced order={order} />
              <Divider sx={{ my: 1 }} />
              <OrderCustomer order={order} />
              <Box sx={{ mt: 1 }}>
                <OrderAddress order={order} />
              </Box>
              <Box sx={{ mt: 1 }}>
                <OrderItems order={order} />
              </Box>
              {order.cancel_reason && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  Cancel reason: {order.cancel_reason}
                </Typography>
              )}
              <Box sx={{ mt: 1.5 }}>
                <OrderActionButtons direction="row" />
              </Box>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
