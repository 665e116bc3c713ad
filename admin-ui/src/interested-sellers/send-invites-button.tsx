import { ADMIN_MESSAGES, validateInviteSelection } from '@mandi/domain';
import Send from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { useDataProvider, useListContext } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useConsoleAction } from '../data/use-console-action';
import { useSay } from '../layout/use-say';

const FAILED = ADMIN_MESSAGES.invitesFailed;

/**
 * 'Send Invites' for the selected rows (docs/console.md): none selected gives the validation message; the
 * server's answer is shown; a failure reads 'Failed to Send Invites: ' and the server's message, or the spec's text.
 */
export function SendInvitesButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const say = useSay();
  // The call's pending state disables the button while it is in flight.
  const invite = useConsoleAction({
    call: (sellerIds: typeof selectedIds) => dataProvider.sendInvites(sellerIds),
    failed: () => FAILED.text,
    failureTitle: FAILED.title,
    onSuccess: () => onUnselectItems(),
  });

  const send = () => {
    const problem = validateInviteSelection(selectedIds);
    if (problem) {
      say(problem.text, 'warning');
      return;
    }
    invite.mutate(selectedIds);
  };

  return (
    <Button variant="contained" color="secondary" startIcon={<Send />} disabled={invite.isPending} onClick={send}>
      Send Invites{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
    </Button>
  );
}
