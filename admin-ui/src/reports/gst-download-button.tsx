import Download from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * A download of a GST return's file (GSTR-1's tables and portal JSON, GSTR-8's CSV and portal JSON): busy while
 * `save` runs, and the server's refusal shown as a notification.
 */
export function GstDownloadButton({
  label,
  save,
  disabled = false,
  primary = false,
}: {
  label: string;
  save: () => Promise<unknown>;
  disabled?: boolean;
  primary?: boolean;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant={primary ? 'contained' : 'outlined'}
      startIcon={<Download />}
      disabled={busy || disabled}
      onClick={() => {
        setBusy(true);
        save()
          .catch((error: Error) => notify(error.message || 'Download failed', { type: 'error' }))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}
