import type { AppConfig } from '@mandi/config';
import { SealedText, sellerProfileSealContext, type Db } from '@mandi/database';
import type { CatalogSeller } from '@mandi/domain';
import type { NetworkOrderRow, NetworkOrdersRepository } from './network-orders.repository.js';
import { settlementAccountOf, type PlacedOrderView } from './order-documents.js';

/**
 * What a placed network order's callbacks describe besides its row: the provider's PAN (opened from the seller's
 * profile), the invoice's link once Mandi issued it (`GET /api/invoices/{id}/download` under PUBLIC_URL, docs/invoices.md)
 * and what Mandi's earlier callbacks told the buyer app, read in `db` (the callback's transaction).
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
    invoiceUrl: invoiceId === null ? null : `${config.PUBLIC_URL}/api/invoices/${invoiceId}/download`,
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
