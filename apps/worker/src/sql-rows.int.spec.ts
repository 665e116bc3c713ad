import { fileURLToPath } from 'node:url';
import {
  checkRepositoryRows,
  createTestDatabase,
  uncheckedRepositories,
  asService as service,
  asTransaction as tx,
  type Db,
  type TestDatabase,
} from '@mandi/database';
import { ORDER_WINDOW_MS } from '@mandi/domain';
import { SignupsRepository } from './accounts/signups.repository.js';
import { InvoicesRepository } from './invoices/invoices.repository.js';
import { OrderMailsRepository, type OrderForMail } from './mail/order-mails.repository.js';
import { PeopleMailsRepository } from './mail/people-mails.repository.js';
import { ProductMailsRepository } from './mail/product-mails.repository.js';
import { OrderDeadlinesRepository } from './orders/order-deadlines.repository.js';
import { RefundsRepository } from './orders/refunds.repository.js';
import { JobLedgerRepository } from './pipeline/job-ledger.repository.js';
import { OutboxRepository } from './pipeline/outbox.repository.js';
import { ShipmentMailsRepository } from './mail/shipment-mails.repository.js';
import { RetentionRepository } from './retention/retention.repository.js';
import { LedgerCheckRepository } from './ledger/ledger-check.repository.js';
import { LedgerRepository } from './ledger/ledger.repository.js';
import { PayoutsRepository } from './payouts/payouts.repository.js';
import { CommissionInvoicesRepository } from './statements/commission-invoices.repository.js';
import { StatementsRepository } from './statements/statements.repository.js';
import { recordCallback } from './ondc/callbacks/callback-record.repository.js';
import { OndcCallsRepository } from './ondc/callbacks/ondc-calls.repository.js';
import { OndcCatalogRepository } from './ondc/catalog/catalog.repository.js';
import { NetworkOrdersRepository } from './ondc/orders/network-orders.repository.js';

// Every raw query of the worker's repositories declares its row (sqlRow of @mandi/database), and each statement is
// prepared against the migrated database here: a column renamed, dropped or of another type than the row says fails
// this test (docs/database.md, "Raw queries and their rows"). Each entry calls one method with sample arguments on a
// stand-in client that records what it sends.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

const windowMs = ORDER_WINDOW_MS;
const slot = { financialYear: 2026, label: '26-27', issuedAt: new Date('2026-12-02T10:00:00Z'), language: 'en' };

const CALLS: Record<string, (client: Db) => Promise<unknown>> = {
  'signups.findOpen': (client) => new SignupsRepository(service(client)).findOpen(1),
  'signups.findForExpiry': (client) => new SignupsRepository(service(client)).findForExpiry(1),
  'invoices.openSeries': (client) => new InvoicesRepository().openSeries(client, 'invoice', 'mandi', 2026),
  'invoices.record (invoice)': (client) =>
    new InvoicesRepository().record(tx(client), 'invoice', {
      ...slot,
      orderId: 1,
      supplierKey: 'seller-2',
      sellerId: 2,
      seller: { legalName: 'Ramesh Farms', address: 'Mandya, Karnataka 571401', state: 'Karnataka', gstinSealed: null },
      orderItemIds: [1, 2],
      tcs: { cgstPaise: 10, sgstPaise: 10, igstPaise: 0 },
      kind: 'tax_invoice',
      placeOfSupply: '29-Karnataka',
      totals: {
        goodsPaise: 4000,
        shippingPaise: 0,
        taxablePaise: 3810,
        exemptPaise: 0,
        cgstPaise: 95,
        sgstPaise: 95,
        igstPaise: 0,
        taxPaise: 190,
        totalPaise: 4000,
      },
    }),
  'invoices.record (credit note)': (client) =>
    new InvoicesRepository().record(tx(client), 'credit_note', {
      ...slot,
      orderId: 1,
      invoiceId: 2,
      supplierKey: 'mandi',
      sellerId: null,
      reason: 'Order cancelled',
      totalPaise: 4000,
    }),
  'invoices.attachPdf (invoice)': (client) =>
    new InvoicesRepository().attachPdf(client, 'invoice', 1, 'invoices/1.pdf'),
  'invoices.attachPdf (credit note)': (client) =>
    new InvoicesRepository().attachPdf(client, 'credit_note', 1, 'credit-notes/1.pdf'),
  'orderMails.order': (client) => new OrderMailsRepository(service(client)).order(1),
  'orderMails.sellers': (client) =>
    new OrderMailsRepository(service(client)).sellers({
      lines: [{ productName: 'Tamatar', quantity: 1, unitPricePaise: 4000, weightGrams: 1000, sellerId: 2 }],
    } as unknown as OrderForMail),
  'peopleMails.findInvitedSeller': (client) => new PeopleMailsRepository(service(client)).findInvitedSeller(1),
  'peopleMails.findReviewedSeller': (client) =>
    new PeopleMailsRepository(service(client)).findReviewedSeller(1, 'rejected'),
  'shipmentMails.find': (client) => new ShipmentMailsRepository(service(client)).find(1),
  'peopleMails.findContactMessage': (client) => new PeopleMailsRepository(service(client)).findContactMessage(1),
  'productMails.findUnlisted': (client) => new ProductMailsRepository(service(client)).findUnlisted(1),
  'orderDeadlines.settle': (client) => new OrderDeadlinesRepository(service(client)).settle(tx(client), 1, windowMs),
  'orderDeadlines.stillOpen': (client) =>
    new OrderDeadlinesRepository(service(client)).stillOpen(tx(client), 1, windowMs),
  'orderDeadlines.settleOverdue': (client) => new OrderDeadlinesRepository(service(client)).settleOverdue(windowMs, 50),
  'refunds.open': (client) => new RefundsRepository(service(client)).open(1),
  'refunds.lease': (client) => new RefundsRepository(service(client)).lease(1, 60_000),
  'refunds.markProcessed': (client) => new RefundsRepository(service(client)).markProcessed(1, 'rfnd_1'),
  'refunds.recordAttempt': (client) => new RefundsRepository(service(client)).recordAttempt(1, 'timeout', null),
  'jobLedger.isHandled': (client) => new JobLedgerRepository(service(client)).isHandled(1n, 'mail.order_placed'),
  'jobLedger.claim': (client) =>
    new JobLedgerRepository(service(client)).claim(tx(client), 1n, 'mail.order_placed', 'mail'),
  'jobLedger.forget': (client) => new JobLedgerRepository(service(client)).forget(client, 1n, 'mail.order_placed'),
  'jobLedger.recordEnqueued': (client) =>
    new JobLedgerRepository(service(client)).recordEnqueued(tx(client), [
      { eventId: 1n, job: 'mail.order_placed', queue: 'mail', dueAt: new Date() },
    ]),
  'jobLedger.claimOverdue': (client) =>
    new JobLedgerRepository(service(client)).claimOverdue(tx(client), ['mail.order_placed'], 60_000, 100),
  'jobLedger.markSeen': (client) =>
    new JobLedgerRepository(service(client)).markSeen(tx(client), 1n, { enqueued: true }),
  'jobLedger.markDead': (client) =>
    new JobLedgerRepository(service(client)).markDead(tx(client), 1n, 'mail.order_placed', 'failed'),
  'outbox.claimUnpublished': (client) => new OutboxRepository(service(client)).claimUnpublished(tx(client), 100),
  'outbox.markPublished': (client) => new OutboxRepository(service(client)).markPublished(tx(client), [1n, 2n]),
  'outbox.unknownTypes': (client) => new OutboxRepository(service(client)).unknownTypes(),
  'retention.deletePublishedEvents': (client) =>
    new RetentionRepository(service(client)).deletePublishedEvents(30, 500),
  'retention.deleteProcessedMarks': (client) => new RetentionRepository(service(client)).deleteProcessedMarks(30, 500),
  'retention.deleteProcessedProviderEvents': (client) =>
    new RetentionRepository(service(client)).deleteProcessedProviderEvents(30, 500),
  'ledger.lockOrder': (client) => new LedgerRepository().lockOrder(tx(client), 1),
  'ledger.addYearGross': (client) => new LedgerRepository().addYearGross(tx(client), 1, 2026, 1000),
  'ledger.book': (client) =>
    new LedgerRepository().book(tx(client), {
      kind: 'receipt',
      sourceKey: 'payment:1',
      orderId: 1,
      sellerId: null,
      financialYear: 2026,
      lines: [
        { account: 'razorpay_balance', sellerId: null, amountPaise: 100 },
        { account: 'buyer_funds', sellerId: null, amountPaise: -100 },
      ],
    }),
  'ledgerCheck.breaks': (client) => new LedgerCheckRepository(service(client)).breaks(900),
  'payouts.lease': (client) => new PayoutsRepository(service(client)).lease(1, ['to_transfer'], 35_000),
  'payouts.recordTransfer': (client) => new PayoutsRepository(service(client)).recordTransfer(tx(client), 1, 'trf_1'),
  'payouts.recordReversal': (client) => new PayoutsRepository(service(client)).recordReversal(tx(client), 1, 'trf_1'),
  'payouts.recordFailure': (client) =>
    new PayoutsRepository(service(client)).recordFailure(tx(client), 'trf_1', 'transfer failed'),
  'payouts.resumeWaiting': (client) => new PayoutsRepository(service(client)).resumeWaiting(500),
  'payouts.markDue': (client) => new PayoutsRepository(service(client)).markDue(500),
  'retention.deleteExpiredSellerTaxRecords': (client) =>
    new RetentionRepository(service(client)).deleteExpiredSellerTaxRecords(500),
  'statements.dueWeeks': (client) => new StatementsRepository(service(client)).dueWeeks(new Date(), 50),
  'statements.payableBefore': (client) => new StatementsRepository(service(client)).payableBefore(1, new Date()),
  'statements.weekTransactions': (client) =>
    new StatementsRepository(service(client)).weekTransactions(1, new Date('2026-11-22T18:30:00Z'), new Date()),
  'statements.record': (client) =>
    new StatementsRepository(service(client)).record(
      {
        sellerId: 1,
        weekStart: '2026-11-23',
        figures: { openingPaise: 0, salesNetPaise: 8710, paidOutPaise: 8710, adjustedPaise: 0, closingPaise: 0 },
        pdfFileKey: 'statements/1/2026-11-23-a.pdf',
        csvFileKey: 'statements/1/2026-11-23-a.csv',
      },
      new Date(),
    ),
  'statements.lockUnmailed': (client) => new StatementsRepository(service(client)).lockUnmailed(tx(client), [1]),
  'commissionInvoices.dueMonths': (client) =>
    new CommissionInvoicesRepository(service(client)).dueMonths(new Date(), 50),
  'commissionInvoices.openSeries': (client) =>
    new CommissionInvoicesRepository(service(client)).openSeries(client, 2026),
  'commissionInvoices.record': (client) =>
    new CommissionInvoicesRepository(service(client)).record(tx(client), {
      sellerId: 1,
      monthStart: '2026-11-01',
      financialYear: 2026,
      label: '26-27',
      issuedAt: new Date('2026-12-01T04:30:00Z'),
      seller: { name: 'Ramesh Farms', address: 'Mandya, Karnataka 571401', state: 'Karnataka', gstinSealed: null },
      figures: {
        supply: 'intra_state',
        commissionPaise: 1000,
        cgstPaise: 90,
        sgstPaise: 90,
        igstPaise: 0,
        totalPaise: 1180,
        ratePercent: 18,
        sac: '998599',
      },
    }),
  'commissionInvoices.attachPdf': (client) =>
    new CommissionInvoicesRepository(service(client)).attachPdf(1, 'commission-invoices/1/a.pdf'),
  'commissionInvoices.lockUnmailed': (client) =>
    new CommissionInvoicesRepository(service(client)).lockUnmailed(tx(client), []),
  'ondc callbacks.recordCallback': (client) =>
    recordCallback(tx(client), {
      action: 'on_search',
      transactionId: 't-1',
      messageId: 'm-1',
      bapId: 'buyer.test',
      bapUri: 'https://buyer.test/ondc',
      body: { context: {}, message: {} },
      replyToId: 1n,
      unsolicitedKey: null,
      orderId: null,
      dueBy: new Date(),
    }),
  'ondcCalls.recordAnswer': (client) =>
    new OndcCallsRepository(service(client)).recordAnswer(tx(client), 1n, {
      kind: 'nack',
      code: '30016',
      message: 'Invalid signature',
    }),
  'ondcCatalog.sellers (with products on sale)': (client) =>
    new OndcCatalogRepository(service(client)).sellers('official-uid'),
  'ondcCatalog.sellers (of products)': (client) => new OndcCatalogRepository(service(client)).sellers(null, [1, 2]),
  'ondcCatalog.products (on sale)': (client) =>
    new OndcCatalogRepository(service(client)).products([1], { kind: 'on_sale' }),
  'ondcCatalog.products (changed)': (client) =>
    new OndcCatalogRepository(service(client)).products([1], { kind: 'changed', from: new Date(0), to: new Date() }),
  'ondcCatalog.products (one)': (client) =>
    new OndcCatalogRepository(service(client)).products([1], { kind: 'one', productId: 1 }),
  'ondcCatalog.directoryPlace': (client) => new OndcCatalogRepository(service(client)).directoryPlace('560001'),
  'networkOrders.products': (client) => new NetworkOrdersRepository(service(client)).products([1, 2]),
  'networkOrders.place': (client) => new NetworkOrdersRepository(service(client)).place('560001'),
  'networkOrders.networkBuyer': (client) =>
    new NetworkOrdersRepository(service(client)).networkBuyer(tx(client), 'buyer.test'),
  'networkOrders.saveAddress': (client) =>
    new NetworkOrdersRepository(service(client)).saveAddress(tx(client), 1, {
      name: 'Asha Rao',
      mobile: '9876543210',
      state: 'Karnataka',
      district: 'Bengaluru',
      taluk: 'Bangalore North',
      flat_house_building: '12, Residency Apartments',
      area_or_street_or_village: 'MG Road',
      landmark: '',
      pincode: '560001',
    }),
  'networkOrders.capturePrepaid': (client) =>
    new NetworkOrdersRepository(service(client)).capturePrepaid(tx(client), 1, ORDER_WINDOW_MS),
  'networkOrders.networkOrder': (client) => new NetworkOrdersRepository(service(client)).networkOrder(1),
  'networkOrders.cancelByBuyerApp': (client) =>
    new NetworkOrdersRepository(service(client)).cancelByBuyerApp(tx(client), {
      orderId: 1,
      reason: 'Buyer does not want product any more',
      reasonCode: '012',
      windowMs: ORDER_WINDOW_MS,
    }),
};

test("every raw query of the worker's repositories reads the columns its row declares", async () => {
  // The series row is found, so that recording goes on to write the document.
  const problems = await checkRepositoryRows(db.url, CALLS, { 'document series': [{ last_value: 0 }] });

  expect(problems).toEqual(Object.fromEntries(Object.keys(CALLS).map((name) => [name, []])));
});

test("every repository that sends SQL is called above, and no raw query of the worker's sources goes without a row", async () => {
  const { uncalled, undeclared } = await uncheckedRepositories(
    fileURLToPath(new URL('./', import.meta.url)),
    fileURLToPath(import.meta.url),
  );

  expect(uncalled).toEqual([]);
  expect(undeclared).toEqual([]);
});
