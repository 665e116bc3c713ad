import type { AdminOrder } from '@mandi/contracts';
import { ORDER_ELIGIBILITY_RECHECK_MS, type AdminOrderAction } from '@mandi/domain';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useConsoleAction } from '../data/use-console-action';
import { useNow } from '../layout/use-now';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ORDER_ACTION_FAILED, ORDER_ACTION_SUCCEEDED, ORDER_BUTTONS, enabledOrderActions } from './order-actions';

/** An admin order as the list hands it over (react-admin's id is the order id). */
export type OrderRow = AdminOrder & { id: AdminOrder['order_id'] };

/** One order action as the mutation takes it. */
interface OrderMove {
  orderId: AdminOrder['order_id'];
  action: AdminOrderAction;
  reason?: string;
}

/**
 * The row's actions (docs/orders.md): each a call to its transition endpoint, enabled only when the order process
 * allows it now; Cancel asks first. The answer's message, or the spec's failure text, is shown; the list is then
 * read again, so the row shows the order as the server has it.
 */
export function OrderActionButtons({ direction = 'column' }: { direction?: 'row' | 'column' }) {
  const order = useRecordContext<OrderRow>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // Confirm and Cancel depend on the window, so the buttons are rechecked against the clock.
  const now = useNow(ORDER_ELIGIBILITY_RECHECK_MS);
  const [askingCancel, setAskingCancel] = useState(false);
  // The call's pending state disables the row's buttons while it is in flight.
  const move = useConsoleAction({
    call: ({ orderId, action, reason }: OrderMove) => dataProvider.orderAction(orderId, action, reason),
    succeeded: ({ action }) => ORDER_ACTION_SUCCEEDED[action],
    failed: ({ action }) => ORDER_ACTION_FAILED[action],
    onSettled: () => setAskingCancel(false),
  });
  if (!order) return null;
  const enabled = enabledOrderActions(order, now);
  const run = (action: AdminOrderAction, reason?: string) => move.mutate({ orderId: order.order_id, action, reason });

  return (
    <>
      <Stack
        direction={direction}
        spacing={0.75}
        useFlexGap
        sx={{ flexWrap: 'wrap', minWidth: direction === 'column' ? 150 : undefined }}
      >
        {ORDER_BUTTONS.map(({ action, label }) => (
          <Button
            key={action}
            size="small"
            variant={action === 'confirm' ? 'contained' : 'outlined'}
            color={action === 'cancel' ? 'error' : 'primary'}
            disabled={!enabled[action] || move.isPending}
            onClick={() => (action === 'cancel' ? setAskingCancel(true) : run(action))}
          >
            {label}
          </Button>
        ))}
      </Stack>
      {askingCancel && (
        <CancelOrderDialog
          open
          orderId={order.order_id}
          buyerReason={order.status === 'cancel_requested' ? order.cancel_reason : null}
          pending={move.isPending && move.variables?.action === 'cancel'}
          onClose={() => setAskingCancel(false)}
          onConfirm={(reason) => run('cancel', reason)}
        />
      )}
    </>
  );
}
