import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Transaction } from '@mandi/database';
import {
  catalogRequestOf,
  ondcFullCatalog,
  ondcIncrementalCatalog,
  ONDC_ANY_CITY,
  ONDC_ERRORS,
  type OndcIncrementalCatalog,
} from '@mandi/domain';
import type { JobContext } from '../../pipeline/job.handler.js';
import { callbackContext, contextOf, sellerNodeOf, type SellerNode } from '../callbacks/callback-context.js';
import { recordCallback, type InboundCall } from '../callbacks/callback-record.repository.js';
import { OndcCatalogSubscriptionsRepository } from './catalog-subscriptions.repository.js';
import { OndcCatalogReader } from './catalog.reader.js';

/** The unsolicited key of the catch-up push a subscription's start asks for (changes since its start_time). */
export const catchUpKey = (callId: bigint) => `catalog:start:${callId}`;

/**
 * Answers a buyer app's search (docs/ondc.md, "The catalogue"): the full catalogue in one on_search; the changes of a
 * span in one incremental on_search (city `*`); a push subscription started or stopped, which ONDC answers with no
 * on_search (updates follow as the catalogue changes, and never an empty one), except the changes since a start_time
 * in the past, pushed at once. The answer is recorded in the job's finish, so it commits with the job's mark.
 */
@Injectable()
export class OndcCatalogSearch {
  constructor(
    private readonly reader: OndcCatalogReader,
    private readonly subscriptions: OndcCatalogSubscriptionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(call: InboundCall, { finish }: JobContext): Promise<void> {
    const node = sellerNodeOf(this.config);
    if (!node) return;
    const request = catalogRequestOf(call.body);
    const now = new Date();
    const site = this.reader.site();
    switch (request.kind) {
      case 'full': {
        const { sellers, products } = await this.reader.onSale();
        const catalog = ondcFullCatalog(sellers, products, site, now);
        await finish((tx) => this.reply(tx, call, node, now, { catalog }));
        return;
      }
      case 'pull': {
        const { sellers, products } = await this.reader.changed(request.from, request.to);
        const catalog = ondcIncrementalCatalog(sellers, products, site, now) ?? { 'bpp/providers': [] };
        await finish((tx) => this.reply(tx, call, node, now, { catalog }, ONDC_ANY_CITY));
        return;
      }
      case 'push_start': {
        let catchUp: OndcIncrementalCatalog | null = null;
        if (request.since && request.since.getTime() < now.getTime()) {
          const { sellers, products } = await this.reader.changed(request.since, now);
          catchUp = ondcIncrementalCatalog(sellers, products, site, now);
        }
        await finish(async (tx) => {
          await this.subscriptions.start(tx, call);
          if (catchUp) await this.push(tx, call, node, now, catchUp);
        });
        return;
      }
      case 'push_stop':
        await finish((tx) => this.subscriptions.stop(tx, call));
        return;
      case 'invalid': {
        const { code } = ONDC_ERRORS.invalidRequest;
        const error = { type: 'JSON-SCHEMA-ERROR', code, path: request.field, message: request.message };
        await finish((tx) => this.reply(tx, call, node, now, null, undefined, error));
        return;
      }
    }
  }

  /** Records the on_search answering `call`: a catalogue, or an error. */
  private reply(
    tx: Transaction,
    call: InboundCall,
    node: SellerNode,
    now: Date,
    message: object | null,
    city?: string,
    error?: object,
  ): Promise<bigint | null> {
    const context = callbackContext(contextOf(call.body), 'on_search', node, now, city ? { city } : {});
    return recordCallback(tx, {
      action: 'on_search',
      transactionId: call.transactionId,
      messageId: call.messageId,
      bapId: call.bapId,
      bapUri: call.bapUri,
      body: error ? { context, error } : { context, message },
      replyToId: call.id,
      unsolicitedKey: null,
      orderId: null,
      dueBy: call.dueBy,
    });
  }

  /** Records the unsolicited on_search of the changes a starting subscription asked for since its start_time. */
  private push(
    tx: Transaction,
    call: InboundCall,
    node: SellerNode,
    now: Date,
    catalog: OndcIncrementalCatalog,
  ): Promise<bigint | null> {
    const messageId = randomUUID();
    const context = callbackContext(contextOf(call.body), 'on_search', node, now, { messageId, city: ONDC_ANY_CITY });
    return recordCallback(tx, {
      action: 'on_search',
      transactionId: call.transactionId,
      messageId,
      bapId: call.bapId,
      bapUri: call.bapUri,
      body: { context, message: { catalog } },
      replyToId: null,
      unsolicitedKey: catchUpKey(call.id),
      orderId: null,
      dueBy: null,
    });
  }
}
