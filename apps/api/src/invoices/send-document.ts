import type { FastifyReply } from 'fastify';
import type { DocumentDownload } from './invoices.service.js';

/** A document's PDF as every download sends it: an attachment named after its number, kept out of shared caches. */
export async function sendDocument(reply: FastifyReply, { fileName, bytes }: DocumentDownload): Promise<void> {
  await reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    // A buyer's name and address: kept out of shared caches.
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
