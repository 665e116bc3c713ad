import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { OndcCallsRepository } from './callbacks/ondc-calls.repository.js';
import { OndcCatalogSearch } from './catalog/catalog-search.service.js';
import { OndcOrderActions } from './orders/order-actions.js';

/**
 * `ondc.respond` (docs/ondc.md, "The pipeline", step 2): answers a buyer app's recorded call. A search is the
 * catalogue's; every order call (select, init, confirm, status, track, cancel, update) is OndcOrderActions'. Either
 * records its callback, and whatever the call changes, in the job's finish, so they commit with the job's mark and a
 * rerun finds them done.
 */
@Injectable()
@HandlesJob('ondc.respond')
export class OndcRespondHandler extends JobHandler<EventPayload<'ondc.request_received'>> {
  constructor(
    private readonly calls: OndcCallsRepository,
    private readonly catalog: OndcCatalogSearch,
    private readonly orders: OndcOrderActions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async handle({ callId }: EventPayload<'ondc.request_received'>, context: JobContext): Promise<void> {
    // Not on the network: no call is answered.
    if (!this.config.ondc) return;
    const call = await this.calls.inbound(BigInt(callId));
    if (!call) return;
    if (call.action === 'search') return this.catalog.answer(call, context);
    return this.orders.answer(call, context);
  }
}
