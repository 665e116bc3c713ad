import { Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import type { OrderRow } from './order-action-buttons';

/** The console's page of order `orderId`, where its buttons and its whole story are. */
export function orderPagePath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/show`;
}

/** '#12' as a link to the order's page (the list's rows and cards open their order through it). */
export function OrderLink({ order }: { order: Pick<OrderRow, 'order_id'> }) {
  return (
    <MuiLink
      component={Link}
      to={orderPagePath(order.order_id)}
      fontWeight={800}
      underline="hover"
      title={`Open order #${order.order_id}`}
    >
      #{order.order_id}
    </MuiLink>
  );
}
