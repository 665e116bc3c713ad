import type { AppConfig } from '@mandi/config';
import { SealedText, sellerProfileSealContext, type Db } from '@mandi/database';
import type { CatalogSeller } from '@mandi/domain';
import { invoiceLinkPath } from '@mandi/ondc';
import type { NetworkOrderRow, NetworkOrdersRepository } from './network-orders.repository.js';
import { settlementAccountOf, type PlacedOrderView } from './order-documents.js';

/**
 * What a placed network order's callbacks describe besides its row: the provider's PAN (opened from the seller's
 * profile), the invoice's signed link once Mandi issued it (`GET /ondc/invoices/{id}/{signature}` under PUBLIC_URL,
 * which the buyer app fetches without signing in: libs/ondc document-links.ts) and what Mandi's earlier callbacks told
 * the buyer app, read in `db` (the callback's transaction).
 */
export async function placedOrderView(
  orders: NetworkOrdersRepository,
  config: AppConfig,
  db: Db,
  order: NetworkOrderRow,
  seller: CatalogSeller,
  bppId: string,
): Promise<PlacedOrderView> {
  const invoiceId = await orders.invoiceIdOf(order.order_id, db);
  return {
    order,
    seller,
    gstin: config.SELLER_GSTIN,
    beneficiary: settlementAccountOf(config),
    bppId,
    providerPan: await providerPanOf(orders, config, seller, db),
    invoiceUrl:
      invoiceId === null ? null : `${config.PUBLIC_URL}${invoiceLinkPath(invoiceId, config.ondc!.signingPrivateKey)}`,
    described: await orders.describedOrders(order.order_id, db),
  };
}

/** The provider's own PAN, from the seller's business profile; null for Mandi's own provider (or no profile). */
export async function providerPanOf(
  orders: NetworkOrdersRepository,
  config: AppConfig,
  seller: CatalogSeller,
  db?: Db,
): Promise<string | null> {
  const sealed = seller.mandi ? null : await orders.sealedPanOf(seller.sellerId, db);
  return sealed
    ? new SealedText(config.SELLER_DATA_KEY).open(sealed, sellerProfileSealContext('pan', seller.sellerId))
    : null;
}
