import { z } from 'zod';

/**
 * Path of GET /ondc/invoices/{invoiceId}/{signature}, the signed link of a network order's invoice (libs/ondc,
 * document-links.ts). Any text is taken: the route answers 404 for whatever does not verify, so a link that is not
 * Mandi's tells nothing about what exists.
 */
export const ondcInvoiceLinkParamsSchema = z.object({
  invoiceId: z.string().describe("The invoice's id"),
  signature: z.string().describe("base64url of Mandi's ed25519 signature of 'mandi-invoice:<invoiceId>'"),
});
/** Type of {@link ondcInvoiceLinkParamsSchema}. */
export type OndcInvoiceLinkParams = z.infer<typeof ondcInvoiceLinkParamsSchema>;
