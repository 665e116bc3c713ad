import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { ONDC_ANY_CITY, ONDC_CORE_VERSION, ONDC_COUNTRY, ONDC_DOMAIN, ondcIncrementalCatalog } from '@mandi/domain';
import { HandlesJob, JobHandler, type JobContext } from '../../pipeline/job.handler.js';
import { sellerNodeOf } from '../callbacks/callback-context.js';
import { recordCallback } from '../callbacks/callback-record.repository.js';
import { OndcCatalogSubscriptionsRepository } from './catalog-subscriptions.repository.js';
import { OndcCatalogReader } from './catalog.reader.js';

/** The unsolicited key of one product change pushed to one subscription: once per product state (its updated_at). */
export const catalogPushKey = (subscriptionId: number, productId: number, updatedAt: Date) =>
  `catalog:${subscriptionId}:${productId}:${updatedAt.getTime()}`;

/**
 * `ondc.catalog_push` (product.created, .updated, .deleted, .unlisted, .relisted): the product's whole item record,
 * on sale or disabled, in an incremental on_search to each buyer app subscribed (search, catalog_inc mode start), under
 * the subscription's transaction with a message id of its own. Recorded with the job's mark, one row per subscription
 * and product state, so a rerun sends nothing twice. A product that is gone (its row and seller with it), not on the
 * network, or of a seller who is no provider pushes nothing: the next full refresh drops it.
 */
@Injectable()
@HandlesJob('ondc.catalog_push')
export class OndcCatalogPushHandler extends JobHandler<{ productId: number }> {
  constructor(
    private readonly reader: OndcCatalogReader,
    private readonly subscriptions: OndcCatalogSubscriptionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async handle({ productId }: { productId: number }, { finish }: JobContext): Promise<void> {
    const node = sellerNodeOf(this.config);
    if (!node) return;
    const subscriptions = await this.subscriptions.active();
    if (subscriptions.length === 0) return;
    const { sellers, products } = await this.reader.product(productId);
    const now = new Date();
    const catalog = ondcIncrementalCatalog(sellers, products, this.reader.site(), now);
    const product = products[0];
    if (!catalog || !product) return;
    await finish(async (tx) => {
      for (const subscription of subscriptions) {
        const messageId = randomUUID();
        const context = {
          domain: ONDC_DOMAIN,
          country: ONDC_COUNTRY,
          city: ONDC_ANY_CITY,
          action: 'on_search',
          core_version: ONDC_CORE_VERSION,
          bap_id: subscription.bapId,
          bap_uri: subscription.bapUri,
          bpp_id: node.id,
          bpp_uri: node.uri,
          transaction_id: subscription.transactionId,
          message_id: messageId,
          timestamp: now.toISOString(),
        };
        await recordCallback(tx, {
          action: 'on_search',
          transactionId: subscription.transactionId,
          messageId,
          bapId: subscription.bapId,
          bapUri: subscription.bapUri,
          body: { context, message: { catalog } },
          replyToId: null,
          unsolicitedKey: catalogPushKey(subscription.id, productId, product.updatedAt),
          orderId: null,
          dueBy: null,
        });
      }
    });
  }
}
