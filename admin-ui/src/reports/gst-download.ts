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

/** What the GSTR-8 page downloads: the return as CSV (one row per seller GSTIN), or as the portal's JSON. */
export type Gstr8Download = 'csv' | 'portal';

/**
 * Fetches the GSTR-8 of `month` (the gstr8Csv or gstr8Portal route) with the admin's bearer token and hands it to the
 * browser under the server's name (GSTR8-<month>.csv or .json). A refusal (409: a document disagrees) throws
 * HttpError with the server's message.
 */
export async function downloadGstr8File(
  month: string,
  download: Gstr8Download,
  getToken: TokenSource,
): Promise<string> {
  const { blob, fileName } = await apiDownload(download === 'portal' ? 'gstr8Portal' : 'gstr8Csv', getToken, {
    query: { month },
  });
  const name = fileName ?? `GSTR8-${month}.${download === 'portal' ? 'json' : 'csv'}`;
  saveBlob(blob, name);
  return name;
}
