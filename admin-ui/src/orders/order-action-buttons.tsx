import type { AdminOrder } from '@mandi/contracts';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider, OrderActionName } from '../data/data-provider';
import { useNow } from '../layout/use-now';
import { useSay } from '../layout/use-say';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ORDER_ACTION_FAILED, ORDER_ACTION_SUCCEEDED, ORDER_BUTTONS, enabledOrderActions } from './order-actions';

/** How often the window-dependent buttons (Confirm, Cancel) are rechecked against the clock. */
const RECHECK_MS = 60_000;

/** An admin order as the list hands it over, with the server's optional window end. */
export type OrderRow = AdminOrder & { id: AdminOrder['order_id']; window_closes_at?: string };

/**
 * The row's actions (001 section 4): each a call to its transition endpoint, enabled only when the order process
 * allows it now; Cancel asks first. The answer's message, or the spec's failure text, is shown; the list is then
 * read again, so the row shows the order as the server has it.
 */
export function OrderActionButtons({ direction = 'column' }: { direction?: 'row' | 'column' }) {
  const order = useRecordContext<OrderRow>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const say = useSay();
  const refresh = useRefresh();
  const now = useNow(RECHECK_MS);
  const [pending, setPending] = useState<OrderActionName | null>(null);
  const [askingCancel, setAskingCancel] = useState(false);
  if (!order) return null;
  const enabled = enabledOrderActions(order, now);

  const run = async (action: OrderActionName, reason?: string) => {
    setPending(action);
    try {
      const answer = await dataProvider.orderAction(order.order_id, action, reason);
      say(answer?.message || ORDER_ACTION_SUCCEEDED[action], 'success');
    } catch (error) {
      say(serverMessage(error) ?? ORDER_ACTION_FAILED[action], 'error');
    } finally {
      setPending(null);
      setAskingCancel(false);
      refresh();
    }
  };

  return (
    <>
      <Stack direction={direction} spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', minWidth: direction === 'column' ? 150 : undefined }}>
        {ORDER_BUTTONS.map(({ action, label }) => (
          <Button
            key={action}
            size="small"
            variant={action === 'confirm' ? 'contained' : 'outlined'}
            color={action === 'cancel' ? 'error' : 'primary'}
            disabled={!enabled[action] || pending !== null}
            onClick={() => (action === 'cancel' ? setAskingCancel(true) : void run(action))}
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
          pending={pending === 'cancel'}
          onClose={() => setAskingCancel(false)}
          onConfirm={(reason) => void run('cancel', reason)}
        />
      )}
    </>
  );
}
