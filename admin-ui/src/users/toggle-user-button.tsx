import type { AdminUser } from '@mandi/contracts';
import { CONSOLE_MESSAGES, PEOPLE_MESSAGES } from '@mandi/domain';
import { Button, Tooltip } from '@mui/material';
import { useDataProvider, useGetIdentity, useRecordContext } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useConsoleAction } from '../data/use-console-action';

/**
 * Suspends an active account or lifts a suspension (docs/console.md), showing the server's message. The admin's own row
 * has the button disabled: the server refuses it too.
 */
export function ToggleUserButton() {
  const user = useRecordContext<AdminUser>();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // The call's pending state disables the button while it is in flight.
  const toggle = useConsoleAction({
    call: (userId: AdminUser['id']) => dataProvider.toggleUser(userId),
    severity: (answer) => (answer.newStatus === 'suspended' ? 'warning' : 'success'),
    failed: () => CONSOLE_MESSAGES.toggleUserFailed,
  });
  if (!user) return null;
  const suspended = user.status === 'suspended';
  const own = identity !== undefined && String(identity.id) === user.uid;

  const button = (
    <Button
      size="small"
      variant="outlined"
      color={suspended ? 'primary' : 'error'}
      disabled={own || toggle.isPending}
      onClick={() => toggle.mutate(user.id)}
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
