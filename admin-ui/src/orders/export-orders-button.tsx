import { DEFAULT_ADMIN_ORDER_FILTER, isAdminOrderFilter, type AdminOrderFilter } from '@mandi/domain';
import FileDownload from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import { saveBlob } from '../data/api-download';
import { serverMessage } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useSay } from '../layout/use-say';

/** The export's query for the list's current period and search (the same parameters as the list's own call). */
export function exportQuery(filterValues: Record<string, unknown>): { filter: AdminOrderFilter; search?: string } {
  const filter = isAdminOrderFilter(filterValues.filter) ? filterValues.filter : DEFAULT_ADMIN_ORDER_FILTER;
  const search = typeof filterValues.q === 'string' ? filterValues.q.trim() : '';
  return search ? { filter, search } : { filter };
}

/**
 * 'Export CSV' of the Orders list: every order of the period and search shown (all pages), fetched with the admin's
 * bearer token (a plain link would carry none) and saved under the server's file name.
 */
export function ExportOrdersButton() {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const say = useSay();
  const exporting = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      const { blob, fileName } = await dataProvider.download('exportAdminOrders', { query: exportQuery(filterValues) });
      saveBlob(blob, fileName ?? 'mandi-orders.csv');
    },
    onError: (error) => say(serverMessage(error) ?? 'Could not export the orders. Please try again.', 'error'),
  });
  return (
    <Button size="small" startIcon={<FileDownload />} disabled={exporting.isPending} onClick={() => exporting.mutate()}>
      {exporting.isPending ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
