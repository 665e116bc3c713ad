import { apiDownload, saveBlob } from '../data/api-download';
import type { TokenSource } from '../data/api-fetch';

/** What the GST returns page downloads: a table as CSV, or the whole return as the portal's JSON. */
export type GstDownload = { kind: 'csv'; table: 'b2cs' | 'hsn' | 'nil' | 'docs' | 'register' } | { kind: 'portal' };

/**
 * Fetches a download of `month` (the gstr1Csv or gstr1Portal route) with the admin's bearer token (a plain link would
 * carry none) and hands it to the browser as a file named by the server's Content-Disposition. A refusal throws
 * HttpError with the server's message.
 */
export async function downloadGstFile(month: string, download: GstDownload, getToken: TokenSource): Promise<string> {
  const { blob, fileName } =
    download.kind === 'portal'
      ? await apiDownload('gstr1Portal', getToken, { query: { month } })
      : await apiDownload('gstr1Csv', getToken, { query: { month, table: download.table } });
  const name = fileName ?? `GSTR1-${month}`;
  saveBlob(blob, name);
  return name;
}
