import type { AdminOrderDetail, OrderShipment } from '@mandi/contracts';
import type { AnswerOf } from '@mandi/contracts/client';
import { ADMIN_REFRESH_MS, type ShipmentStatus } from '@mandi/domain';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography, type ChipProps } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { formatIndiaTime } from '../layout/format';
import { Field, Nothing, Section } from './order-detail-sections';

/*
 * The order's parts (issue 31, docs/shipments.md): one per seller, with that seller's lines, packed and handed over by
 * the seller from their own dashboard. The console only shows them; the admin's moves of the order stay as they were.
 */

/** A part's state as the page says it. */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  to_pack: 'To pack',
  packed: 'Packed',
  handed_over: 'Handed over',
  cancelled: 'Cancelled',
};

const SHIPMENT_TONES: Record<ShipmentStatus, ChipProps['color']> = {
  to_pack: 'warning',
  packed: 'info',
  handed_over: 'success',
  cancelled: 'error',
};

/** The parts' query of an order page. */
export type OrderShipmentsQuery = UseQueryResult<AnswerOf<'orderShipments'>>;

/**
 * The order's parts by the orderShipments route, read beside the order (not after it), again every 60 s and after
 * every action (a refresh reads every query). Not retried: a failure is shown in the section, with its own retry.
 */
export function useOrderShipments(orderId: string): OrderShipmentsQuery {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['orders', 'shipments', orderId],
    queryFn: () => dataProvider.orderShipments(orderId),
    refetchInterval: ADMIN_REFRESH_MS,
    retry: false,
  });
}

/** The lines a part carries, by the order's own lines ('Desi Tamatar × 2'); an id the order lacks reads 'Line #id'. */
function partLines(shipment: OrderShipment, lines: AdminOrderDetail['lines']): { id: string; text: string }[] {
  const byId = new Map(lines.map((line) => [String(line.order_item_id), line]));
  return shipment.order_item_ids.map((itemId) => {
    const id = String(itemId);
    const line = byId.get(id);
    return { id, text: line ? `${line.product_name} × ${line.quantity}` : `Line #${id}` };
  });
}

/** How a part travels: the courier and its tracking number, or the seller delivering it themself. */
function Travel({ shipment }: { shipment: OrderShipment }) {
  if (shipment.self_delivery) return <Field label="Carrier">Delivered by the seller</Field>;
  return (
    <>
      <Field label="Carrier">{shipment.carrier || '—'}</Field>
      <Field label="Tracking number">{shipment.tracking_number || '—'}</Field>
    </>
  );
}

/** One seller's part: the seller, its state, its lines, when it was packed and handed over, and how it travels. */
function Part({ shipment, lines }: { shipment: OrderShipment; lines: AdminOrderDetail['lines'] }) {
  return (
    <Box role="group" aria-label={`Part of ${shipment.seller.username}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="body2" fontWeight={700}>
          {shipment.seller.username}
        </Typography>
        <Chip
          size="small"
          label={SHIPMENT_STATUS_LABELS[shipment.status] ?? shipment.status}
          color={SHIPMENT_TONES[shipment.status] ?? 'default'}
        />
      </Stack>
      <Box
        component="ul"
        aria-label={`Lines of ${shipment.seller.username}`}
        sx={{ m: 0, mb: 0.5, pl: 2.5, typography: 'body2' }}
      >
        {partLines(shipment, lines).map((line) => (
          <li key={line.id}>{line.text}</li>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1 }}>
        <Field label="Packed">{formatIndiaTime(shipment.packed_at)}</Field>
        <Field label="Handed over">{formatIndiaTime(shipment.handed_over_at)}</Field>
        <Travel shipment={shipment} />
      </Box>
    </Box>
  );
}

/**
 * The Shipments section: each part of the order. Its failure stays in the section (a small error with a retry), so
 * the rest of the order page works without it; parts already read stay on screen while a later read fails.
 */
export function OrderShipments({ query, lines }: { query: OrderShipmentsQuery; lines: AdminOrderDetail['lines'] }) {
  const shipments = query.data;
  return (
    <Section title="Shipments">
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: shipments ? 1.5 : 0 }}
          action={
            <Button color="inherit" size="small" disabled={query.isFetching} onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {`Failed to fetch the shipments${serverMessage(query.error) ? `: ${serverMessage(query.error)}` : ''}`}
        </Alert>
      )}
      {query.isPending && (
        <Box aria-busy="true">
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
        </Box>
      )}
      {shipments && shipments.length === 0 && <Nothing>No shipments recorded for this order.</Nothing>}
      {shipments && shipments.length > 0 && (
        <Stack spacing={1.5}>
          {shipments.map((shipment) => (
            <Part key={String(shipment.shipment_id)} shipment={shipment} lines={lines} />
          ))}
        </Stack>
      )}
    </Section>
  );
}
