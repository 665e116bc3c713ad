import { ADJUSTMENT_LIMITS, isSettleAfterHours } from '@mandi/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { PayoutTexts } from './payout-texts';

/** A figure typed in a field, or null when it is not a number ('' is null too). */
export function typedNumber(text: string): number | null {
  const given = text.trim().replace(/,/g, '');
  if (given === '') return null;
  const value = Number(given);
  return Number.isFinite(value) ? value : null;
}

/** A dialog of the page: title, text, its fields, Cancel and the action; Escape and the backdrop close it unless busy. */
function PayoutDialog({
  title,
  text,
  pending,
  onClose,
  action,
  cancel,
  children,
  formId,
  onSubmit,
  maxWidth = 'xs',
}: {
  title: string;
  text: string;
  pending: boolean;
  onClose: () => void;
  action: ReactNode;
  cancel: string;
  children?: ReactNode;
  formId?: string;
  onSubmit?: (event: FormEvent) => void;
  maxWidth?: 'xs' | 'sm';
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: children ? 2 : 0 }}>
          {text}
        </DialogContentText>
        {children && (
          <Stack component="form" id={formId} noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 0.5 }}>
            {children}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {cancel}
        </Button>
        {action}
      </DialogActions>
    </Dialog>
  );
}

/** Asks before a failed payout is sent to be transferred again. */
export function RetryDialog({
  t,
  payoutId,
  amount,
  seller,
  pending,
  onConfirm,
  onClose,
}: {
  t: PayoutTexts;
  payoutId: string;
  amount: string;
  seller: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <PayoutDialog
      title={t.retryTitle(payoutId)}
      text={t.retryText(amount, seller)}
      pending={pending}
      onClose={onClose}
      cancel={t.cancel}
      action={
        <Button variant="contained" disabled={pending} onClick={onConfirm} autoFocus>
          {t.retryConfirm}
        </Button>
      }
    />
  );
}

/** What the adjustment dialog hands back. */
export interface AdjustmentInput {
  amount: number;
  reason: string;
}

/** A message per field of the adjustment, as the server's 400 names them or as the dialog checks them. */
export type AdjustmentMessages = Partial<Record<'amount' | 'reason', string>>;

/**
 * The Adjust balance dialog: an amount in rupees (negative to reduce what Mandi owes) and the reason. A field that is
 * not a number or is empty is said at once; the server's messages for an amount out of its limits come back in
 * `errors` under their fields. It says that it moves no money by itself.
 */
export function AdjustDialog({
  t,
  seller,
  pending,
  errors,
  onClearError,
  onSave,
  onClose,
}: {
  t: PayoutTexts;
  seller: string;
  pending: boolean;
  errors: AdjustmentMessages;
  onClearError: (field: keyof AdjustmentMessages) => void;
  onSave: (input: AdjustmentInput) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState<AdjustmentMessages>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typedNumber(amount);
    const problems: AdjustmentMessages = {};
    if (value === null) problems.amount = t.amountNotNumber;
    if (reason.trim() === '') problems.reason = t.reasonMissing;
    setChecked(problems);
    if (value === null || Object.keys(problems).length > 0) return;
    onSave({ amount: value, reason: reason.trim() });
  };
  const changed = (field: keyof AdjustmentMessages, set: (value: string) => void) => (value: string) => {
    set(value);
    setChecked(({ [field]: _gone, ...rest }) => rest);
    onClearError(field);
  };
  const messageOf = (field: keyof AdjustmentMessages) => checked[field] ?? errors[field];
  return (
    <PayoutDialog
      title={t.adjustTitle(seller)}
      text={t.adjustText}
      pending={pending}
      onClose={onClose}
      cancel={t.cancel}
      formId={formId}
      onSubmit={submit}
      maxWidth="sm"
      action={
        <Button type="submit" form={formId} variant="contained" disabled={pending}>
          {t.book}
        </Button>
      }
    >
      <TextField
        label={t.amount}
        required
        fullWidth
        value={amount}
        onChange={(event) => changed('amount', setAmount)(event.target.value)}
        error={messageOf('amount') !== undefined}
        helperText={messageOf('amount') ?? t.amountHint}
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
        }}
        autoFocus
      />
      <TextField
        label={t.reason}
        required
        fullWidth
        multiline
        minRows={3}
        value={reason}
        onChange={(event) => changed('reason', setReason)(event.target.value)}
        error={messageOf('reason') !== undefined}
        helperText={messageOf('reason') ?? t.reasonCount(reason.trim().length)}
        slotProps={{ htmlInput: { maxLength: ADJUSTMENT_LIMITS.reasonMax } }}
      />
    </PayoutDialog>
  );
}

/**
 * The settle-after dialog: whole hours from 0 to 720, or empty for Mandi's default. A figure that is not a whole
 * number in bounds is said at once; the server's 400 for `hours` comes back in `error`.
 */
export function SettleAfterDialog({
  t,
  initial,
  pending,
  error,
  onClearError,
  onSave,
  onClose,
}: {
  t: PayoutTexts;
  initial: number | null;
  pending: boolean;
  error: string | undefined;
  onClearError: () => void;
  onSave: (hours: number | null) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [hours, setHours] = useState(initial === null ? '' : String(initial));
  const [checked, setChecked] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hours.trim() === '') return onSave(null);
    const value = typedNumber(hours);
    if (value === null || !isSettleAfterHours(value)) return setChecked(t.hoursInvalid);
    onSave(value);
  };
  const message = checked ?? error;
  return (
    <PayoutDialog
      title={t.settleTitle}
      text={t.settleText}
      pending={pending}
      onClose={onClose}
      cancel={t.cancel}
      formId={formId}
      onSubmit={submit}
      action={
        <Button type="submit" form={formId} variant="contained" disabled={pending}>
          {t.save}
        </Button>
      }
    >
      <TextField
        label={t.hours}
        fullWidth
        value={hours}
        onChange={(event) => {
          setHours(event.target.value);
          setChecked(undefined);
          onClearError();
        }}
        error={message !== undefined}
        helperText={message ?? t.hoursHint}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        autoFocus
      />
    </PayoutDialog>
  );
}
