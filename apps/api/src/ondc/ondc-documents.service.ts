import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { OndcInvoiceLinkParams } from '@mandi/contracts';
import { isInvoiceLinkSignature, publicKeyOf } from '@mandi/ondc';
import { InvoicesService, type DocumentDownload } from '../invoices/invoices.service.js';

/** An invoice id as a link carries it: a positive integer of PostgreSQL's int range, in plain digits. */
const INVOICE_ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_ROW_ID = 2_147_483_647;

/**
 * The documents of network orders that buyer apps fetch at the links Mandi's on_status carries (docs/ondc.md,
 * "Network orders"): no one signs in, so the link's signature by Mandi's signing key is the only check.
 */
@Injectable()
export class OndcDocumentsService {
  /** Mandi's signing public key; null where Mandi is not on the network. */
  private readonly publicKey: string | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly invoices: InvoicesService,
  ) {
    this.publicKey = config.ondc ? publicKeyOf(config.ondc.signingPrivateKey) : null;
  }

  /** The PDF of the invoice a link names, when the link is Mandi's and the invoice a printed one of a network order. */
  async invoice(params: OndcInvoiceLinkParams): Promise<DocumentDownload | null> {
    if (this.publicKey === null || !INVOICE_ID_PATTERN.test(params.invoiceId)) return null;
    const invoiceId = Number(params.invoiceId);
    if (invoiceId > MAX_ROW_ID || !isInvoiceLinkSignature(invoiceId, params.signature, this.publicKey)) return null;
    return this.invoices.networkInvoice(invoiceId);
  }
}
