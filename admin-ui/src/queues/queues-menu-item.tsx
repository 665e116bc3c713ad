import { CONSOLE_MESSAGES } from '@mandi/domain';
import Dns from '@mui/icons-material/Dns';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useSidebarState } from 'react-admin';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useSay } from '../layout/use-say';

/**
 * The 'Queues' menu entry: the queue dashboard (bull-board at /adminpanel/queues) is a page of the API, which a
 * browser opens without our bearer token; so the console first asks for the dashboard's session cookie, then goes.
 */
export function QueuesMenuItem({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [open] = useSidebarState();
  const say = useSay();
  const [pending, setPending] = useState(false);

  const openDashboard = async () => {
    setPending(true);
    try {
      const { url } = await dataProvider.openQueuesSession();
      go(url);
    } catch (error) {
      say(serverMessage(error) ?? CONSOLE_MESSAGES.queuesFailed, 'error');
      setPending(false);
    }
  };

  return (
    <MenuItem
      aria-label="Queues"
      onClick={() => void openDashboard()}
      disabled={pending}
      sx={{ color: 'text.secondary' }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Dns fontSize="small" />
      </ListItemIcon>
      {open && <ListItemText primary="Queues" />}
    </MenuItem>
  );
}
