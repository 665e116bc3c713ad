import type { SellerProfile } from '@mandi/contracts';
import { SELLER_PROFILE_LIMITS, SELLER_PROFILE_MESSAGES, rejectionReasonProblem } from '@mandi/domain';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
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
import { HttpError, useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useConsoleAction } from '../data/use-console-action';
import { SELLER_REVIEW_TEXTS } from './review-labels';

const REASON_MAX = SELLER_PROFILE_LIMITS.rejectionReasonMax;

/** The profile is no longer pending (another admin reviewed it meanwhile), or gone: nothing left to ask about. */
const settled = (error: unknown) => error instanceof HttpError && (error.status === 409 || error.status === 404);

/** Our text for a refusal without the server's message: a 409 still says why. */
const failedText = (fallback: string) => (_variables: unknown, error: unknown) =>
  error instanceof HttpError && error.status === 409 ? SELLER_PROFILE_MESSAGES.notPending : fallback;

/**
 * Approve (after a confirm) and Reject (with a required reason, asked in a dialog) for a pending profile. Either way
 * the result is said (the server's message on a failure: a 409 when someone reviewed it meanwhile) and every query is
 * read again (useConsoleAction), so the page shows where the profile now is.
 */
export function ReviewButtons({ profile }: { profile: SellerProfile }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const close = () => setAsking(null);
  const approve = useConsoleAction({
    call: (uid: string) => dataProvider.approveSellerProfile(uid),
    succeeded: () => SELLER_REVIEW_TEXTS.approved(profile.legal_name),
    failed: failedText(SELLER_REVIEW_TEXTS.approveFailed),
    onSettled: close,
  });
  const reject = useConsoleAction({
    call: ({ uid, reason }: { uid: string; reason: string }) => dataProvider.rejectSellerProfile(uid, reason),
    succeeded: () => SELLER_REVIEW_TEXTS.rejected(profile.legal_name),
    severity: () => 'warning',
    failed: failedText(SELLER_REVIEW_TEXTS.rejectFailed),
    onSuccess: close,
    // A refusal the admin can retry keeps the reason they typed; a profile no longer pending closes the dialog.
    onFailure: (error) => {
      if (settled(error)) close();
    },
  });
  const pending = approve.isPending || reject.isPending;
  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          color="success"
          startIcon={<Check />}
          disabled={pending}
          onClick={() => setAsking('approve')}
        >
          Approve
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<Close />}
          disabled={pending}
          onClick={() => setAsking('reject')}
        >
          Reject
        </Button>
      </Stack>
      {asking === 'approve' && (
        <ApproveDialog
          profile={profile}
          pending={approve.isPending}
          onClose={close}
          onConfirm={() => approve.mutate(profile.uid)}
        />
      )}
      {asking === 'reject' && (
        <RejectDialog
          profile={profile}
          pending={reject.isPending}
          onClose={close}
          onConfirm={(reason) => reject.mutate({ uid: profile.uid, reason })}
        />
      )}
    </>
  );
}

interface DialogProps {
  profile: SellerProfile;
  pending: boolean;
  onClose: () => void;
}

/** Asks before approving: the seller may then ship, invoice in their name and be paid. */
function ApproveDialog({ profile, pending, onClose, onConfirm }: DialogProps & { onConfirm: () => void }) {
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
      <DialogTitle id={titleId}>Approve {profile.legal_name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          They can then ship orders, invoice in their own name and be paid into the bank account on this page. They are
          mailed that their profile is approved.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" color="success" disabled={pending} onClick={onConfirm}>
          Approve seller
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks why: the reason is required (1 to 500 characters once trimmed) and mailed to the seller. */
function RejectDialog({ profile, pending, onClose, onConfirm }: DialogProps & { onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const textId = useId();
  const given = reason.trim();
  const problem = rejectionReasonProblem(reason);
  const submit = () => {
    setTouched(true);
    if (!problem) onConfirm(given);
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Reject {profile.legal_name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          The seller is mailed your reason, and can correct their profile and send it again. Say what to fix; never
          write out a PAN or an account number here.
        </DialogContentText>
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={touched && problem ? problem : `${given.length}/${REASON_MAX}`}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          autoFocus
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={submit}>
          Reject profile
        </Button>
      </DialogActions>
    </Dialog>
  );
}
