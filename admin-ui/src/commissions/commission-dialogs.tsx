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
import { useId, useState, type FormEvent } from 'react';
import { COMMISSION_TEXTS, typedFigure, type FieldMessages } from './commission-texts';

/** What the rule dialog hands back: the figures, and the uid when it asks for one. */
export interface RuleInput {
  uid: string;
  percent: number;
  fixed_fee: number;
}

/**
 * A commission rule's dialog: the percentage and the fixed fee per line (and the seller's uid for a new seller's rule),
 * Save and Cancel. A field that is not a number is said at once; the server's messages for a figure out of its limits
 * (its 400) come back in `errors` and show under their fields. Escape and the backdrop close it unless a save is in
 * flight.
 */
export function RuleDialog({
  title,
  description,
  askUid = false,
  initial,
  pending,
  errors,
  onClearError,
  onSave,
  onClose,
}: {
  title: string;
  description: string;
  askUid?: boolean;
  initial?: { percent: number; fixed_fee: number };
  pending: boolean;
  /** The server's messages by field, from the last refused save. */
  errors: FieldMessages;
  /** A field was changed: its server message no longer applies. */
  onClearError: (field: keyof FieldMessages) => void;
  onSave: (input: RuleInput) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const formId = useId();
  const [uid, setUid] = useState('');
  const [percent, setPercent] = useState(initial ? String(initial.percent) : '');
  const [fee, setFee] = useState(initial ? String(initial.fixed_fee) : '');
  const [checked, setChecked] = useState<FieldMessages>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percentValue = typedFigure(percent, null);
    const feeValue = typedFigure(fee, 0);
    const problems: FieldMessages = {};
    if (askUid && uid.trim() === '') problems.uid = COMMISSION_TEXTS.uidMissing;
    if (percentValue === null) problems.percent = COMMISSION_TEXTS.percentMissing;
    if (feeValue === null) problems.fixed_fee = COMMISSION_TEXTS.feeNotNumber;
    setChecked(problems);
    if (Object.keys(problems).length > 0 || percentValue === null || feeValue === null) return;
    onSave({ uid: uid.trim(), percent: percentValue, fixed_fee: feeValue });
  };
  const changed = (field: keyof FieldMessages, set: (value: string) => void) => (value: string) => {
    set(value);
    setChecked(({ [field]: _gone, ...rest }) => rest);
    onClearError(field);
  };
  const messageOf = (field: keyof FieldMessages) => checked[field] ?? errors[field];

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {description}
        </DialogContentText>
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={submit} sx={{ pt: 0.5 }}>
          {askUid && (
            <TextField
              label="Seller's uid"
              required
              fullWidth
              value={uid}
              onChange={(event) => changed('uid', setUid)(event.target.value)}
              error={messageOf('uid') !== undefined}
              helperText={messageOf('uid') ?? COMMISSION_TEXTS.uidHint}
              slotProps={{ htmlInput: { maxLength: 128, autoComplete: 'off', spellCheck: false } }}
              autoFocus
            />
          )}
          <TextField
            label="Commission"
            required
            fullWidth
            value={percent}
            onChange={(event) => changed('percent', setPercent)(event.target.value)}
            error={messageOf('percent') !== undefined}
            helperText={messageOf('percent') ?? COMMISSION_TEXTS.percentHint}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
            autoFocus={!askUid}
          />
          <TextField
            label="Fixed fee per line"
            fullWidth
            value={fee}
            onChange={(event) => changed('fixed_fee', setFee)(event.target.value)}
            error={messageOf('fixed_fee') !== undefined}
            helperText={messageOf('fixed_fee') ?? COMMISSION_TEXTS.feeHint}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={pending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before removing a seller's own rule: their categories' commissions then apply to their sales. */
export function RemoveDialog({
  username,
  pending,
  onConfirm,
  onClose,
}: {
  username: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Remove {username}&apos;s own rule?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Their sales from now on take the commission of each product&apos;s category. Sales already made keep the
          commission fixed on them. The removal is recorded in the audit trail.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={onConfirm}>
          Remove rule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
