import { Box, Typography } from '@mui/material';
import { rupees } from '../layout/format';
import { IndiaTime } from '../layout/india-time';
import type { OrderRow } from './order-action-buttons';

/** Who ordered: username, then e-mail. */
export function OrderCustomer({ order }: { order: OrderRow }) {
  return (
    <>
      <Typography variant="body2" fontWeight={600}>
        {order.username}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', minWidth: 150, overflowWrap: 'anywhere' }}
      >
        {order.email}
      </Typography>
    </>
  );
}

/** Where it goes: the delivery name, area, district and pincode of the order's copy of the address. */
export function OrderAddress({ order }: { order: OrderRow }) {
  return (
    <Typography variant="body2">
      <strong>{order.address_name}</strong>
      <br />
      {order.area_or_street_or_village}, {order.district} {order.pincode}
    </Typography>
  );
}

/** The lines: 'Desi Tamatar × 2 · ₹40.00 each'. */
export function OrderItems({ order }: { order: OrderRow }) {
  if (order.items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No items
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {order.items.map((item) => (
        <Typography component="li" key={item.order_item_id} variant="body2">
          {item.product_name} × {item.quantity} · {rupees(item.price)} each
        </Typography>
      ))}
    </Box>
  );
}

/** When it was placed, in India time. */
export function OrderPlaced({ order }: { order: OrderRow }) {
  return <IndiaTime value={order.created_at} />;
}
