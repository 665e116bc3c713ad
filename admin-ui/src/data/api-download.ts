import { routeRequest, type FileRouteName, type RouteArgs } from '@mandi/contracts/client';
import { send, type TokenSource } from './api-fetch';

/**
 * Fetches a file route of the API (an invoice's PDF, a CSV) with the bearer token (a plain link would carry none) and
 * answers its bytes and the name its Content-Disposition gives. A refusal is read as any API error: the server's
 * message in an HttpError.
 */
export async function apiDownload<N extends FileRouteName>(
  name: N,
  getToken: TokenSource,
  ...args: RouteArgs<N>
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(routeRequest(name, ...args), getToken);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** Saves `blob` as `fileName` in the browser's downloads (an object URL clicked through a link, then let go). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
