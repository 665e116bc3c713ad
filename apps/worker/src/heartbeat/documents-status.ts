/**
 * Whether this worker can print documents: Chromium is not tried yet or is being started ('starting'), it runs
 * ('ready'), or it could not start ('failed', with the launcher's message).
 */
export type DocumentsStatus =
  { readonly state: 'starting' | 'ready' } | { readonly state: 'failed'; readonly reason: string };

let current: DocumentsStatus = { state: 'starting' };

/**
 * Records what the PDF renderer found when it last started Chromium. Kept per process, like the metrics: the renderer
 * reports and the heartbeat publishes, and neither module needs the other.
 */
export function reportDocumentsStatus(status: DocumentsStatus): void {
  current = status;
}

/** What the PDF renderer last reported. */
export function documentsStatus(): DocumentsStatus {
  return current;
}
