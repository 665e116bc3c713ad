import type { AdminUser } from '@mandi/contracts';
import { CONSOLE_MESSAGES, PEOPLE_MESSAGES } from '@mandi/domain';
import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useRecordContext, useRefresh } from 'react-admin';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useSay } from '../layout/use-say';

/**
 * Suspends an active account or lifts a suspension (001 section 4), showing the server's message. The admin's own row
 * has the button disabled: the server refuses it too.
 */
export function ToggleUserButton() {
  const user = useRecordContext<AdminUser>();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const say = useSay();
  const [pending, setPending] = useState(false);
  if (!user) return null;
  const suspended = user.status === 'suspended';
  const own = identity !== undefined && String(identity.id) === user.uid;

  const toggle = async () => {
    setPending(true);
    try {
      const answer = await dataProvider.toggleUser(user.id);
      say(answer.message, answer.newStatus === 'suspended' ? 'warning' : 'success');
    } catch (error) {
      say(serverMessage(error) ?? CONSOLE_MESSAGES.toggleUserFailed, 'error');
    } finally {
      setPending(false);
      refresh();
    }
  };

  const button = (
    <Button
      size="small"
      variant="outlined"
      color={suspended ? 'primary' : 'error'}
      disabled={own || pending}
      onClick={() => void toggle()}
      sx={{ minWidth: 112 }}
    >
      {suspended ? 'Unsuspend' : 'Suspend'}
    </Button>
  );
  // A disabled button gets no pointer events; the tooltip sits on a wrapper.
  return own ? (
    <Tooltip title={PEOPLE_MESSAGES.cannotSuspendSelf}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
