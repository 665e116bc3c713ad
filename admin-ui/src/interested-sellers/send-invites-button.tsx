import { ADMIN_MESSAGES, validateInviteSelection } from '@mandi/domain';
import Send from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useRefresh } from 'react-admin';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useSay } from '../layout/use-say';

const FAILED = ADMIN_MESSAGES.invitesFailed;

/**
 * 'Send Invites' for the selected rows (001 sections 4, 5 and 8): none selected gives the validation message; the
 * server's answer is shown; a failure reads 'Failed to Send Invites: ' and the server's message, or the spec's text.
 */
export function SendInvitesButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const say = useSay();
  const [pending, setPending] = useState(false);

  const send = async () => {
    const problem = validateInviteSelection(selectedIds);
    if (problem) {
      say(problem.text, 'warning');
      return;
    }
    setPending(true);
    try {
      const answer = await dataProvider.sendInvites(selectedIds);
      say(answer.message, 'success');
      onUnselectItems();
    } catch (error) {
      say(`${FAILED.title}: ${serverMessage(error) ?? FAILED.text}`, 'error');
    } finally {
      setPending(false);
      refresh();
    }
  };

  return (
    <Button variant="contained" color="secondary" startIcon={<Send />} disabled={pending} onClick={() => void send()}>
      Send Invites{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
    </Button>
  );
}
