import { HttpError } from 'react-admin';
import type { TokenSource } from './api-fetch';

/**
 * Fetches a file of the API with the bearer token (a plain link would carry none) and answers its bytes and the
 * name its Content-Disposition gives. A refusal is read as any API error: the server's message in an HttpError.
 */
export async function apiDownload(
  path: string,
  getToken: TokenSource,
): Promise<{ blob: Blob; fileName: string | null }> {
  const headers = new Headers();
  const token = await getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, { headers });
  if (!response.ok) {
    // The error body as apiCall reads it: the server's message in react-admin's HttpError.
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const message =
      body && typeof body === 'object' && 'message' in body
        ? String((body as { message: unknown }).message)
        : response.statusText;
    throw new HttpError(message || `HTTP ${response.status}`, response.status, body);
  }
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
