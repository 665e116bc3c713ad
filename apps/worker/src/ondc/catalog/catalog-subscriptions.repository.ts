import { Injectable } from '@nestjs/common';
import { PrismaService, type Transaction } from '@mandi/database';

/** A buyer app that asked for Mandi's catalogue changes to be pushed (search, catalog_inc mode start). */
export interface CatalogSubscription {
  id: number;
  bapId: string;
  bapUri: string;
  /** The start request's transaction: every push carries it, each with a message id of its own. */
  transactionId: string;
}

/** The buyer app of a search, as a subscription names it. */
export interface SubscribingApp {
  bapId: string;
  bapUri: string;
  transactionId: string;
}

/** ondc_catalog_subscriptions: one row per buyer app (bap_id, bap_uri), started and stopped by its searches. */
@Injectable()
export class OndcCatalogSubscriptionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Starts (or starts again, under the new transaction) the pushes to `app`. */
  async start(tx: Transaction, app: SubscribingApp): Promise<CatalogSubscription> {
    return tx.ondcCatalogSubscription.upsert({
      where: { bapId_bapUri: { bapId: app.bapId, bapUri: app.bapUri } },
      create: { bapId: app.bapId, bapUri: app.bapUri, transactionId: app.transactionId },
      update: { transactionId: app.transactionId, startedAt: new Date(), stoppedAt: null },
      select: { id: true, bapId: true, bapUri: true, transactionId: true },
    });
  }

  /** Stops the pushes to `app`; nothing when it had none running. */
  async stop(tx: Transaction, app: Pick<SubscribingApp, 'bapId' | 'bapUri'>): Promise<void> {
    await tx.ondcCatalogSubscription.updateMany({
      where: { bapId: app.bapId, bapUri: app.bapUri, stoppedAt: null },
      data: { stoppedAt: new Date() },
    });
  }

  /** The buyer apps pushes go to now. */
  active(): Promise<CatalogSubscription[]> {
    return this.prisma.ondcCatalogSubscription.findMany({
      where: { stoppedAt: null },
      select: { id: true, bapId: true, bapUri: true, transactionId: true },
      orderBy: { id: 'asc' },
    });
  }
}
