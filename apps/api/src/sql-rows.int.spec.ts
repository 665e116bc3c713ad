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
import { loadConfig } from '@mandi/config';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { AddressesRepository } from './addresses/addresses.repository.js';
import { AdminAuditRepository } from './admin/admin-audit.repository.js';
import { AdminDashboardRepository } from './admin/admin-dashboard.repository.js';
import { AdminJobsRepository } from './admin/admin-jobs.repository.js';
import { AdminPipelineRepository } from './admin/admin-pipeline.repository.js';
import { AdminProductsRepository } from './admin/admin-products.repository.js';
import { AdminSellersRepository } from './admin/admin-sellers.repository.js';
import { AdminUsersRepository } from './admin/admin-users.repository.js';
import { CommissionsRepository } from './admin/commissions/commissions.repository.js';
import { AdminOndcRepository } from './admin/ondc/admin-ondc.repository.js';
import { AdminPayoutsRepository } from './admin/payouts/admin-payouts.repository.js';
import { PayoutReconciliationRepository } from './admin/payouts/payout-reconciliation.repository.js';
import { GstReportsRepository } from './admin/reports/gst-reports.repository.js';
import { CallersRepository } from './auth/callers.repository.js';
import { CartRepository } from './cart/cart.repository.js';
import { CheckoutRepository } from './checkout/checkout.repository.js';
import { ContactRepository } from './contact/contact.repository.js';
import { InvoicesRepository } from './invoices/invoices.repository.js';
import { DatabaseConnectionsRepository } from './metrics/database-connections.repository.js';
import { OndcCallsRepository } from './ondc/ondc-calls.repository.js';
import { AdminOrderDetailRepository } from './orders/admin-order-detail.repository.js';
import { AdminOrdersExportRepository } from './orders/admin-orders-export.repository.js';
import { AdminOrdersRepository } from './orders/admin-orders.repository.js';
import { OrdersRepository } from './orders/orders.repository.js';
import { PaymentsRepository } from './payments/payments.repository.js';
import { PincodesRepository } from './pincodes/pincodes.repository.js';
import { ProductsRepository } from './products/products.repository.js';
import { ProductSearchRepository } from './products/search/product-search.repository.js';
import { ProfilesRepository } from './profiles/profiles.repository.js';
import { SellerDashboardRepository } from './seller-dashboard/seller-dashboard.repository.js';
import { SellerPayoutsRepository } from './seller-payouts/seller-payouts.repository.js';
import { SellerProfilesRepository } from './seller-profiles/seller-profiles.repository.js';
import { SellersRepository } from './sellers/sellers.repository.js';
import { ShipmentsRepository } from './shipments/shipments.repository.js';

// Every raw query of the API's repositories declares its row (sqlRow of @mandi/database), and each is prepared against
// the migrated database here: a column renamed, dropped or of another type than the row says fails this test
// (docs/database.md, "Raw queries and their rows"). Each entry calls one method with sample arguments on a stand-in
// client that records what it sends.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

const search = { terms: ['tamatar'], text: 'tamatar' };
const config = loadConfig({ NODE_ENV: 'test' });
const windowMs = config.ORDER_DECISION_WINDOW_MS;
const event = { eventId: 'evt_1', bodySha256: 'a'.repeat(64), type: 'payment.captured', body: '{}' };
const address = {
  name: 'Asha Rao',
  mobile: '9876543210',
  state: 'Karnataka',
  district: 'Bengaluru Urban',
  taluk: 'Bangalore North',
  flat_house_building: '12, Residency Apartments',
  area_or_street_or_village: 'MG Road',
  landmark: 'Near the metro station',
  pincode: '560001',
};
const from = new Date('2026-11-01T00:00:00+05:30');
const to = new Date('2026-12-01T00:00:00+05:30');

const CALLS: Record<string, (client: Db) => Promise<unknown>> = {
  'accounts.lockFirebaseUid': (client) => new AccountsRepository(service(client)).lockFirebaseUid(tx(client), 'uid-1'),
  'accounts.lockUsername': (client) => new AccountsRepository(service(client)).lockUsername(tx(client), 'asha'),
  'accounts.takenUsernames': (client) => new AccountsRepository(service(client)).takenUsernames(client, ['asha'], null),
  'accounts.reserveUsername': (client) =>
    new AccountsRepository(service(client)).reserveUsername(tx(client), {
      firebaseUid: 'uid-1',
      email: 'asha@mandi.test',
      username: 'asha',
      ipAddress: '127.0.0.1',
      windowMs: 90_000,
    }),
  'addresses.lockOwner': (client) => new AddressesRepository(service(client)).lockOwner(tx(client), 1),
  'addresses.active': (client) => new AddressesRepository(service(client)).active(1),
  'addresses.find': (client) => new AddressesRepository(service(client)).find(1),
  'addresses.insert': (client) => new AddressesRepository(service(client)).insert(tx(client), 1, address, true),
  'addresses.update': (client) => new AddressesRepository(service(client)).update(tx(client), 1, address),
  'adminAudit.list': (client) =>
    new AdminAuditRepository(service(client)).list({ page: 1, perPage: 20, adminId: 1, action: 'order.confirm' }),
  'adminDashboard.figures': (client) => new AdminDashboardRepository(service(client)).figures(windowMs),
  'adminJobs.listDead': (client) => new AdminJobsRepository(service(client)).listDead(1, 20),
  'adminJobs.retryDead': (client) => new AdminJobsRepository(service(client)).retryDead(1, ['mail.order_placed'], 2),
  'adminOrderDetail.detail': (client) => new AdminOrderDetailRepository(service(client)).detail(1, windowMs),
  'adminOrders.list': (client) =>
    new AdminOrdersRepository(service(client)).list({ filter: '24h', page: 1, perPage: 20 }, windowMs),
  'adminOrders.list (search)': (client) =>
    new AdminOrdersRepository(service(client)).list({ filter: '7d', search: 'asha', page: 1, perPage: 20 }, windowMs),
  'adminOrders.move': (client) => new AdminOrdersRepository(service(client)).move('confirm', 1, windowMs, 2),
  'adminOrders.move (mark paid)': (client) =>
    new AdminOrdersRepository(service(client)).move('mark_paid', 1, windowMs, 2),
  'adminOrders.state': (client) => new AdminOrdersRepository(service(client)).state(1, windowMs),
  'adminOrdersExport.since': (client) => new AdminOrdersExportRepository(service(client)).since('1m'),
  'adminOrdersExport.batch': (client) =>
    new AdminOrdersExportRepository(service(client)).batch(from, 'asha', { createdAt: to, id: 9 }, 500),
  'adminPipeline.outboxBacklog': (client) => new AdminPipelineRepository(service(client)).outboxBacklog(),
  'adminPipeline.deadJobsByQueue': (client) => new AdminPipelineRepository(service(client)).deadJobsByQueue(),
  'adminProducts.page': (client) =>
    new AdminProductsRepository(service(client)).page({ search: 'tam', status: 'unlisted' }, 'price', true, 0, 20),
  'adminProducts.count': (client) => new AdminProductsRepository(service(client)).count({ stock: 'low' }),
  'adminProducts.find': (client) => new AdminProductsRepository(service(client)).find(1),
  'adminProducts.unlist': (client) => new AdminProductsRepository(service(client)).unlist(2, 1, 'Not produce'),
  'adminProducts.relist': (client) => new AdminProductsRepository(service(client)).relist(2, 1),
  'adminSellers.list': (client) => new AdminSellersRepository(service(client)).list(),
  'adminSellers.invite': (client) => new AdminSellersRepository(service(client)).invite([1, 2], 3),
  'adminUsers.toggleStatus': (client) => new AdminUsersRepository(service(client)).toggleStatus(1, 2),
  'callers.findByFirebaseUid': (client) => new CallersRepository(service(client)).findByFirebaseUid('uid-1'),
  'cart.add': (client) => new CartRepository(service(client)).add(1, 2),
  'cart.lines': (client) => new CartRepository(service(client)).lines(1),
  'cart.remove': (client) => new CartRepository(service(client)).remove(1, 2),
  'cart.setQuantity': (client) => new CartRepository(service(client)).setQuantity(1, 2, 3),
  'checkout.pricingRows': (client) => new CheckoutRepository(service(client)).pricingRows([1, 2], 3, 4, 'online'),
  'checkout.placeOrder': (client) =>
    new CheckoutRepository(service(client)).placeOrder({
      userId: 1,
      method: 'online',
      subtotalPaise: 4000,
      shippingPaise: 0,
      totalPaise: 4000,
      totalWeightGrams: 1000,
      addressId: 2,
      lines: [
        {
          productId: 3,
          sellerId: 4,
          productName: 'Desi Tamatar',
          imageKey: null,
          unitPricePaise: 4000,
          quantity: 1,
          weightGrams: 1000,
          category: 'fresh_produce',
          prePackaged: false,
          hsnCode: '0702',
          gstRatePercent: 0,
        },
      ],
      providerOrderId: 'order_1',
      clearCart: false,
    }),
  'contact.store': (client) =>
    new ContactRepository(service(client)).store({ name: 'Asha', email: 'asha@mandi.test', message: 'Hello' }),
  'databaseConnections.byState': (client) => new DatabaseConnectionsRepository(service(client)).byState(),
  'gstReports.fingerprint': (client) => new GstReportsRepository(service(client)).fingerprint(from, to),
  'gstReports.documentsIssued': (client) =>
    new GstReportsRepository(service(client)).documentsIssued(from, to, 'mandi'),
  'gstReports.tcsDocuments': (client) => new GstReportsRepository(service(client)).tcsDocuments(from, to),
  'gstReports.sellerOf': (client) => new GstReportsRepository(service(client)).sellerOf('uid-1'),
  'invoices.document': (client) => new InvoicesRepository(service(client)).document({ kind: 'invoice', id: 1 }),
  'invoices.document (credit note)': (client) =>
    new InvoicesRepository(service(client)).document({ kind: 'credit_note', id: 1 }),
  'invoices.orderDocuments': (client) => new InvoicesRepository(service(client)).orderDocuments(1),
  'invoices.networkInvoice': (client) => new InvoicesRepository(service(client)).networkInvoice(1),
  'ondcCalls.recordInbound': (client) =>
    new OndcCallsRepository(service(client)).recordInbound({
      action: 'select',
      transactionId: 'txn-1',
      messageId: 'msg-1',
      bapId: 'buyer.example.in',
      bapUri: 'https://buyer.example.in/ondc',
      body: '{"context":{},"message":{}}',
      dueBy: from,
    }),
  'orders.ofBuyer': (client) => new OrdersRepository(service(client)).ofBuyer(1, 1, 10),
  'orders.detail': (client) => new OrdersRepository(service(client)).detail(1, windowMs),
  'orders.requestCancel': (client) =>
    new OrdersRepository(service(client)).requestCancel(1, 2, 'Ordered by mistake', windowMs),
  'orders.state': (client) => new OrdersRepository(service(client)).state(1, windowMs),
  'payments.byProviderOrder': (client) => new PaymentsRepository(service(client), config).byProviderOrder('order_1'),
  'payments.capture': (client) =>
    new PaymentsRepository(service(client), config).capture(
      { providerOrderId: 'order_1', providerPaymentId: 'pay_1', amountPaise: 4000, method: 'upi' },
      event,
    ),
  'payments.fail': (client) =>
    new PaymentsRepository(service(client), config).fail(
      { providerOrderId: 'order_1', errorCode: 'BAD_REQUEST_ERROR', errorDescription: 'Declined' },
      event,
    ),
  'payments.refundProcessed': (client) =>
    new PaymentsRepository(service(client), config).refundProcessed(
      { providerRefundId: 'rfnd_1', providerPaymentId: 'pay_1' },
      event,
    ),
  'payments.record': (client) => new PaymentsRepository(service(client), config).record(event),
  'payments.transferFailed': (client) =>
    new PaymentsRepository(service(client), config).transferFailed('trf_1', 1, event),
  'pincodes.offices': (client) => new PincodesRepository(service(client)).offices('560001'),
  'products.listPage': (client) =>
    new ProductsRepository(service(client)).listPage({ officialOnly: true, skip: 0, take: 24, sort: 'price_asc' }),
  'products.listPage (search)': (client) =>
    new ProductsRepository(service(client)).listPage({ officialOnly: false, search: 'tamatar', skip: 0, take: 24 }),
  'products.findCard': (client) => new ProductsRepository(service(client)).findCard(1),
  'products.listOfSeller': (client) => new ProductsRepository(service(client)).listOfSeller(1, { skip: 0, take: 24 }),
  'products.listOfficial': (client) => new ProductsRepository(service(client)).listOfficial(12),
  'products.reserveId': (client) => new ProductsRepository(service(client)).reserveId(),
  'products.lockOwner': (client) => new ProductsRepository(service(client)).lockOwner(tx(client), 1),
  'products.findOwner': (client) => new ProductsRepository(service(client)).findOwner(1),
  'profiles.findByUid': (client) => new ProfilesRepository(service(client)).findByUid('uid-1'),
  'profiles.lockForChange': (client) => new ProfilesRepository(service(client)).lockForChange(tx(client), 1),
  'search.suggestions': (client) => new ProductSearchRepository(service(client)).suggestions(search, 8),
  'search.termMeanings': (client) => new ProductSearchRepository(service(client)).termMeanings(['tamatar']),
  'search.suggestionCandidates': (client) =>
    new ProductSearchRepository(service(client)).suggestionCandidates([[{ word: 'tamatar', best: true }]]),
  'search.page': (client) =>
    new ProductSearchRepository(service(client)).page(search, { officialOnly: false, skip: 0, take: 24 }),
  'sellerDashboard.findSeller': (client) => new SellerDashboardRepository(service(client)).findSeller('uid-1'),
  'sellerDashboard.orders': (client) =>
    new SellerDashboardRepository(service(client)).orders(
      1,
      { status: 'all', period: 'all', page: 1, perPage: 10 },
      windowMs,
    ),
  'sellerDashboard.orders (filtered)': (client) =>
    new SellerDashboardRepository(service(client)).orders(
      1,
      { status: 'pending', period: 'today', page: 2, perPage: 10 },
      windowMs,
    ),
  'sellerDashboard.sales': (client) => new SellerDashboardRepository(service(client)).sales(1),
  'sellerDashboard.attention': (client) => new SellerDashboardRepository(service(client)).attention(1),
  'sellerDashboard.attentionProduct': (client) => new SellerDashboardRepository(service(client)).attentionProduct(1, 2),
  'sellerPayouts.findSeller': (client) => new SellerPayoutsRepository(service(client)).findSeller('uid-1'),
  'sellerPayouts.standings': (client) =>
    new SellerPayoutsRepository(service(client)).standings(1, ['on_hold', 'failed'], windowMs),
  'sellerPayouts.adjustmentsPaise': (client) => new SellerPayoutsRepository(service(client)).adjustmentsPaise(1),
  'sellerPayouts.page': (client) => new SellerPayoutsRepository(service(client)).page(1, 2, 20, windowMs),
  'sellerProfiles.find': (client) => new SellerProfilesRepository(service(client)).find('uid-1'),
  'sellerProfiles.find (audited)': (client) => new SellerProfilesRepository(service(client)).find('uid-1', 2),
  'sellerProfiles.save': (client) =>
    new SellerProfilesRepository(service(client)).save(1, {
      legalName: 'Asha Patil',
      businessKind: 'individual_farmer',
      panSealed: new Uint8Array([1]),
      panLast4: '234F',
      gstinSealed: null,
      gstinLast4: null,
      fssaiNumber: null,
      pickup: address,
      bankAccountHolder: 'Asha Patil',
      bankAccountSealed: new Uint8Array([2]),
      bankAccountLast4: '9012',
      ifsc: 'SBIN0001234',
      bankName: 'State Bank of India',
    }),
  'commissions.rules': (client) => new CommissionsRepository(service(client)).rules(),
  'commissions.setCategory': (client) =>
    new CommissionsRepository(service(client)).setCategory('fresh_produce', 600, 0, 1),
  'commissions.setSeller': (client) => new CommissionsRepository(service(client)).setSeller('uid-1', 600, 100, 1),
  'commissions.clearSeller': (client) => new CommissionsRepository(service(client)).clearSeller('uid-1', 1),
  'adminPayouts.summary': (client) => new AdminPayoutsRepository(service(client)).summary(1),
  'adminPayouts.page': (client) =>
    new AdminPayoutsRepository(service(client)).page({ status: 'failed', sellerId: 1 }, 20),
  'adminPayouts.count': (client) => new AdminPayoutsRepository(service(client)).count({ status: null, sellerId: null }),
  'adminPayouts.payout': (client) => new AdminPayoutsRepository(service(client)).payout(1),
  'adminPayouts.retry': (client) => new AdminPayoutsRepository(service(client)).retry(1, 1),
  'adminPayouts.seller': (client) => new AdminPayoutsRepository(service(client)).seller('uid-1'),
  'adminPayouts.balance': (client) => new AdminPayoutsRepository(service(client)).balance(1),
  'adminPayouts.routeAccount': (client) => new AdminPayoutsRepository(service(client)).routeAccount(1),
  'adminPayouts.transactions': (client) => new AdminPayoutsRepository(service(client)).transactions(1, 0),
  'adminPayouts.transaction': (client) => new AdminPayoutsRepository(service(client)).transaction(1),
  'adminPayouts.transactionCount': (client) => new AdminPayoutsRepository(service(client)).transactionCount(1),
  'adminPayouts.adjust': (client) => new AdminPayoutsRepository(service(client)).adjust(1, 25_000, 'Short delivery', 2),
  'adminPayouts.setSettleAfter': (client) => new AdminPayoutsRepository(service(client)).setSettleAfter('uid-1', 24, 2),
  'payoutReconciliation.payoutsOf': (client) =>
    new PayoutReconciliationRepository(service(client)).payoutsOf(['trf_1'], [1]),
  'payoutReconciliation.transferredBetween': (client) =>
    new PayoutReconciliationRepository(service(client)).transferredBetween(from, to, 0, 1000),
  'adminOndc.orders': (client) =>
    new AdminOndcRepository(service(client)).orders({ bapId: 'buyer.example.in', transactionId: 'txn-1' }, 20),
  'adminOndc.orderCount': (client) =>
    new AdminOndcRepository(service(client)).orderCount({ bapId: null, transactionId: null }),
  'adminOndc.order': (client) => new AdminOndcRepository(service(client)).order(1),
  'adminOndc.transactionCalls': (client) => new AdminOndcRepository(service(client)).transactionCalls('txn-1'),
  'adminOndc.transactionCallCount': (client) => new AdminOndcRepository(service(client)).transactionCallCount('txn-1'),
  'adminOndc.calls': (client) =>
    new AdminOndcRepository(service(client)).calls(
      { transactionId: 'txn-1', action: 'on_confirm', direction: 'outbound', ack: 'NACK', bapId: 'b', late: true },
      20,
    ),
  'adminOndc.callCount': (client) =>
    new AdminOndcRepository(service(client)).callCount({
      transactionId: null,
      action: null,
      direction: null,
      ack: 'pending',
      bapId: null,
      late: false,
    }),
  'adminOndc.call': (client) => new AdminOndcRepository(service(client)).call('1'),
  'adminOndc.callBody': (client) => new AdminOndcRepository(service(client)).callBody('1'),
  'adminOndc.summary': (client) => new AdminOndcRepository(service(client)).summary(),
  'sellerProfiles.list': (client) => new SellerProfilesRepository(service(client)).list('pending'),
  'sellerProfiles.list (reviewed)': (client) => new SellerProfilesRepository(service(client)).list('approved'),
  'sellerProfiles.review (approve)': (client) => new SellerProfilesRepository(service(client)).review('uid-1', 2, null),
  'sellerProfiles.review (reject)': (client) =>
    new SellerProfilesRepository(service(client)).review('uid-1', 2, 'PAN card unreadable'),
  'shipments.state': (client) => new ShipmentsRepository(service(client)).state(1),
  'shipments.reviewOf': (client) => new ShipmentsRepository(service(client)).reviewOf(1),
  'shipments.pack': (client) => new ShipmentsRepository(service(client)).pack(1, 2),
  'shipments.handOver': (client) =>
    new ShipmentsRepository(service(client)).handOver(
      1,
      2,
      { carrier: 'India Post', tracking_number: 'EE123456789IN', self_delivery: false },
      windowMs,
    ),
  'shipments.buyerOf': (client) => new ShipmentsRepository(service(client)).buyerOf(1),
  'shipments.ofOrder': (client) => new ShipmentsRepository(service(client)).ofOrder(1, 'uid-1'),
  'sellers.account': (client) => new SellersRepository(service(client)).account(1),
  'sellers.record': (client) => new SellersRepository(service(client)).record(1),
};

test("every raw query of the API's repositories reads the columns its row declares", async () => {
  // A hand-over reads the order it locked and the part it moved before it ships the order: answer both.
  const problems = await checkRepositoryRows(db.url, CALLS, {
    'locked order': [{ id: 1 }],
    'moved shipment': [{ shipment: { id: 1 } }],
  });

  expect(problems).toEqual(Object.fromEntries(Object.keys(CALLS).map((name) => [name, []])));
});

test("every repository that sends SQL is called above, and no raw query of the API's sources goes without a row", async () => {
  const { uncalled, undeclared } = await uncheckedRepositories(
    fileURLToPath(new URL('./', import.meta.url)),
    fileURLToPath(import.meta.url),
  );

  expect(uncalled).toEqual([]);
  expect(undeclared).toEqual(['health/health.controller.ts']);
});
