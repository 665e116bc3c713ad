import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';

interface CancelOrderDialogProps {
  orderId: string | number;
  /** The buyer's reason when they asked to cancel; it is kept, so no reason is asked for. */
  buyerReason: string | null;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}

/** The confirm prompt of Cancel (docs/orders.md), with an optional reason when the buyer gave none. */
export function CancelOrderDialog({ orderId, buyerReason, open, pending, onClose, onConfirm }: CancelOrderDialogProps) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Cancel order #{orderId}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          The order will be cancelled and cannot be confirmed again. A paid online order is refunded to the buyer, and
          an invoiced order gets a credit note.
        </DialogContentText>
        {buyerReason ? (
          <DialogContentText>
            The buyer&apos;s reason: <strong>{buyerReason}</strong>
          </DialogContentText>
        ) : (
          <TextField
            label="Reason (optional)"
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} autoFocus>
          Keep order
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={pending}
          onClick={() => onConfirm(buyerReason ? undefined : reason.trim() || undefined)}
        >
          Cancel order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
