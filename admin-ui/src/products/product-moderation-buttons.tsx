import type { AdminProduct } from '@mandi/contracts';
import { PRODUCT_MODERATION_MESSAGES, UNLIST_REASON_MAX } from '@mandi/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useConsoleAction } from '../data/use-console-action';

/**
 * Unlist (with a required reason, asked in a dialog) for a listed product, Relist for an unlisted one; the server's
 * message is shown and the list read again (useConsoleAction). A product hidden only by its seller's suspension can be
 * unlisted too (the unlisting then outlives the suspension).
 */
export function ProductModerationButtons() {
  const product = useRecordContext<AdminProduct>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [asking, setAsking] = useState(false);
  const unlist = useConsoleAction({
    call: ({ id, reason }: { id: string; reason: string }) => dataProvider.unlistProduct(id, reason),
    severity: () => 'warning',
    failed: () => PRODUCT_MODERATION_MESSAGES.unlistFailed,
    onSettled: () => setAsking(false),
  });
  const relist = useConsoleAction({
    call: (id: string) => dataProvider.relistProduct(id),
    failed: () => PRODUCT_MODERATION_MESSAGES.relistFailed,
  });
  if (!product) return null;
  const pending = unlist.isPending || relist.isPending;
  return (
    <>
      {product.status === 'unlisted' ? (
        <Button
          size="small"
          variant="outlined"
          disabled={pending}
          onClick={() => relist.mutate(product.id)}
          sx={{ minWidth: 96 }}
        >
          Relist
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={pending}
          onClick={() => setAsking(true)}
          sx={{ minWidth: 96 }}
        >
          Unlist
        </Button>
      )}
      {asking && (
        <UnlistDialog
          product={product}
          pending={unlist.isPending}
          onClose={() => setAsking(false)}
          onConfirm={(reason) => unlist.mutate({ id: product.id, reason })}
        />
      )}
    </>
  );
}

/** Asks why: the reason is required (1 to 500 characters once trimmed) and mailed to the seller. */
function UnlistDialog({
  product,
  pending,
  onClose,
  onConfirm,
}: {
  product: AdminProduct;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const textId = useId();
  const missing = reason.trim() === '';
  const submit = () => {
    setTouched(true);
    if (!missing) onConfirm(reason.trim());
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Unlist {product.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          Buyers will no longer see it in the shop, search or their carts. Its seller, {product.seller.username}, is
          mailed your reason and sees it on their profile.
        </DialogContentText>
        <Stack>
          <TextField
            label="Reason"
            required
            fullWidth
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={
              touched && missing
                ? PRODUCT_MODERATION_MESSAGES.reasonRequired
                : `${reason.trim().length}/${UNLIST_REASON_MAX}`
            }
            slotProps={{ htmlInput: { maxLength: UNLIST_REASON_MAX } }}
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Keep listed
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={submit}>
          Unlist product
        </Button>
      </DialogActions>
    </Dialog>
  );
}
