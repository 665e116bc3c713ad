import { HttpError } from 'react-admin';
import type { TokenSource } from '../data/api-fetch';

/** What the GST returns page downloads: a table as CSV, or the whole return as the portal's JSON. */
export type GstDownload = { kind: 'csv'; table: 'b2cs' | 'hsn' | 'nil' | 'docs' | 'register' } | { kind: 'portal' };

/** The API path of a download of `month`. */
export function gstDownloadPath(month: string, download: GstDownload): string {
  return download.kind === 'portal'
    ? `/api/admin/reports/gstr1/portal?month=${month}`
    : `/api/admin/reports/gstr1/csv?month=${month}&table=${download.table}`;
}

/**
 * Fetches a download with the admin's bearer token (a plain link would carry none) and hands it to the browser as a
 * file named by the server's Content-Disposition. A refusal throws HttpError with the server's message.
 */
export async function downloadGstFile(month: string, download: GstDownload, getToken: TokenSource): Promise<string> {
  const token = await getToken();
  const response = await fetch(gstDownloadPath(month, download), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(body?.message ?? `HTTP ${response.status}`, response.status, body);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `GSTR1-${month}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
