import { Alert, Button, LinearProgress } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';

/** A return's loading bar while it is fetched, and its refusal (a 409 names the documents) with Try again. */
export function GstReturnState({ report, what }: { report: UseQueryResult<unknown, Error>; what: string }) {
  return (
    <>
      {report.isFetching && <LinearProgress aria-label="Loading the return" sx={{ mb: 2 }} />}
      {report.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void report.refetch()}>Try again</Button>}
          sx={{ mb: 2 }}
        >
          {report.error.message || `Failed to fetch the ${what} return`}
        </Alert>
      )}
    </>
  );
}
