import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Inbox from '@mui/icons-material/Inbox';
import { Box, Button, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Pagination, useListContext, useRecordContext } from 'react-admin';

/** The designed 'nothing here' state of a list. */
export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Box
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: 'primary.light',
          color: 'primary.dark',
          mb: 2,
        }}
      >
        <Inbox fontSize="large" />
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}

/** The designed failure state of a page or list: what failed, what to do, and a retry. */
export function FailedState({ title, detail, retry }: { title: string; detail?: string | null; retry: () => void }) {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Box
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: '#fdecea',
          color: 'error.main',
          mb: 2,
        }}
      >
        <ErrorOutline fontSize="large" />
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {detail ?? 'Check that the API is running, then try again.'}
      </Typography>
      <Button variant="contained" onClick={retry}>
        Try again
      </Button>
    </Box>
  );
}

/** The designed failure state of a list, with the spec's message and a retry. */
export function ListError({ message }: { message: string }) {
  const { refetch } = useListContext();
  return <FailedState title={message} retry={() => void refetch()} />;
}

const TONES: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info' | 'primary' | 'secondary'> = {
  pending: 'warning',
  confirmed: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancel_requested: 'secondary',
  cancelled: 'error',
  paid: 'success',
  success: 'success',
  unpaid: 'default',
  active: 'success',
  suspended: 'error',
  invited: 'info',
  onboarded: 'success',
  approved: 'success',
  rejected: 'error',
  admin: 'primary',
};

/** A status value as a coloured chip ('cancel_requested' reads 'cancel requested'). */
export function StatusChip({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (value === undefined || value === null || value === '') return null;
  const text = String(value);
  return (
    <Chip
      size="small"
      label={text.replace(/_/g, ' ')}
      color={TONES[text] ?? 'default'}
      variant={TONES[text] ? 'filled' : 'outlined'}
    />
  );
}

/** The list's pagination, left out while the list shows its failure state. */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

/** Query options of every list: the designed failure state replaces react-admin's error toast. */
export const QUIET_ERRORS = { onError: () => undefined } as const;
