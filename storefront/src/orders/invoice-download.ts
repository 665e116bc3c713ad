import { defaultInvoiceFileName } from '@mandi/domain';
import { useCallback } from 'react';
import { apiCall } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';

/**
 * The file name a Content-Disposition header gives ('attachment; filename="INV-26-27-000123.pdf"', or the RFC 6266
 * filename*=UTF-8''... form, which wins); null when it names none. Path separators are dropped.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').trim() : null;
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}

/** Hands a downloaded file to the browser under `fileName` (the order page's documents, the seller's GST tables). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns; free it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The downloadInvoice route with the bearer token, as a file: an invoice or a credit note (both are
 * documents with an invoice_id). The name is the Content-Disposition's, else invoice-{id}.pdf; any failure shows
 * 'Error downloading invoice PDF.' (docs/invoices.md).
 */
export function useDocumentDownload(): (invoiceId: string) => Promise<void> {
  const confirm = useConfirm();
  const { t } = useT();
  return useCallback(
    async (invoiceId: string) => {
      try {
        const { body, headers } = await apiCall('downloadInvoice', { params: { invoiceId } });
        saveFile(
          body,
          fileNameFromDisposition(headers.get('content-disposition')) ?? defaultInvoiceFileName(invoiceId),
        );
      } catch {
        await confirm({ title: t('orders.download.failedTitle'), message: t('orders.download.failed') });
      }
    },
    [confirm, t],
  );
}
