// Razorpay Route in the sandbox, driven through the official `razorpay` SDK as the API would drive Razorpay: a linked
// account's onboarding (account, stakeholder, Route product), transfers from a payment and from the balance, holds,
// the settlement run and its webhook, reversals, failed transfers, validation, and a transfer whose answer is lost.
import Razorpay from 'razorpay';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET } from './credentials.mjs';
import { post, razorpay, receiver, rejection, sandbox, sdk, start, stopSandbox } from './sandbox.testing.js';

afterEach(stopSandbox);
beforeEach(() => start());

type AccountBody = Parameters<typeof razorpay.accounts.create>[0];

/** A seller as Mandi would onboard one: a proprietorship in Pune. */
function sellerAccount(email: string): AccountBody {
  return {
    email,
    phone: '9000090000',
    type: 'route',
    reference_id: 'seller-7',
    legal_business_name: 'Kisan Traders',
    business_type: 'proprietorship',
    contact_name: 'Ramesh Patil',
    profile: {
      category: 'food',
      subcategory: 'grocery',
      addresses: {
        registered: {
          street1: '12 Market Yard',
          street2: 'Gultekdi',
          city: 'Pune',
          state: 'MAHARASHTRA',
          postal_code: '411037',
          country: 'IN',
        },
      },
    },
    legal_info: { pan: 'AAACL1234C', gst: '27AAACL1234C1Z5' },
  };
}

const SETTLEMENT_DETAILS = {
  account_number: '1234567890',
  ifsc_code: 'HDFC0000317',
  beneficiary_name: 'Kisan Traders',
};

/** A linked account onboarded to the end: stakeholder, Route product, settlement details, `activated`. */
async function activatedAccount(email = 'kisan.traders@example.com'): Promise<string> {
  const account = await razorpay.accounts.create(sellerAccount(email));
  await razorpay.stakeholders.create(account.id, {
    name: 'Ramesh Patil',
    email: `owner.${email}`,
    phone: { primary: '9000090000' },
    kyc: { pan: 'AVOPB1111K' },
  });
  const product = await razorpay.products.requestProductConfiguration(account.id, {
    product_name: 'route',
    tnc_accepted: true,
  });
  await razorpay.products.edit(account.id, product.id, { settlements: SETTLEMENT_DETAILS });
  return account.id;
}

/** A captured payment of `amount` paise. */
async function capturedPayment(amount: number): Promise<string> {
  const order = await razorpay.orders.create({ amount, currency: 'INR' });
  return ((await sandbox.payOrder(order.id, { wait: true })) as { razorpay_payment_id: string }).razorpay_payment_id;
}

/** The merchant's balance and what each linked account holds, from the control API. */
async function balances(): Promise<{ balance: number; linked_accounts: Record<string, number> }> {
  return (await fetch(`${sandbox.url}/sandbox/balance`)).json();
}

/** The settlement run of the control API, once its webhooks have been delivered. */
async function settle(body: Record<string, unknown> = {}) {
  const run = await post(`${sandbox.url}/sandbox/settlements/run`, { wait: true, ...body });
  expect(run.status).toBe(200);
  return run.body.settlements as Array<{ account_id: string; settlement: any; transfer_ids: string[] }>;
}

/** The events the receiver got, Route's only (the payments' are not what these tests are about). */
function routeEvents() {
  return receiver.received.map((r) => r.event).filter((event) => /^(transfer|settlement|product)\./.test(event.event));
}

describe('linked accounts', () => {
  it('onboards an account: created, a stakeholder, the Route product asks for settlement details, then activated', async () => {
    const created = await razorpay.accounts.create(sellerAccount('kisan.traders@example.com'));
    expect(created).toEqual({
      id: expect.stringMatching(/^acc_[A-Za-z0-9]{14}$/),
      type: 'route',
      status: 'created',
      email: 'kisan.traders@example.com',
      profile: sellerAccount('x@example.com').profile,
      notes: [],
      created_at: expect.any(Number),
      phone: '9000090000',
      contact_name: 'Ramesh Patil',
      reference_id: 'seller-7',
      business_type: 'proprietorship',
      legal_business_name: 'Kisan Traders',
      customer_facing_business_name: 'Kisan Traders',
      legal_info: { pan: 'AAACL1234C', gst: '27AAACL1234C1Z5' },
    });
    await expect(razorpay.accounts.fetch(created.id)).resolves.toEqual(created);

    const stakeholder = await razorpay.stakeholders.create(created.id, {
      name: 'Ramesh Patil',
      email: 'ramesh.patil@example.com',
      phone: { primary: '9000090000' },
      kyc: { pan: 'AVOPB1111K' },
      relationship: { executive: true },
      addresses: {
        residential: {
          street: '4 Shivaji Nagar',
          city: 'Pune',
          state: 'Maharashtra',
          postal_code: '411005',
          country: 'IN',
        },
      },
    });
    expect(stakeholder).toMatchObject({
      entity: 'stakeholder',
      id: expect.stringMatching(/^sth_[A-Za-z0-9]{14}$/),
      name: 'Ramesh Patil',
      email: 'ramesh.patil@example.com',
      phone: { primary: '9000090000' },
      kyc: { pan: 'AVOPB1111K' },
      relationship: { executive: true },
      notes: [],
    });
    const edited = await razorpay.stakeholders.edit(created.id, stakeholder.id, { phone: { primary: '9876543210' } });
    expect(edited).toMatchObject({ phone: { primary: '9876543210' }, kyc: { pan: 'AVOPB1111K' } });
    await expect(razorpay.stakeholders.fetch(created.id, stakeholder.id)).resolves.toEqual(edited);
    await expect(razorpay.stakeholders.all(created.id)).resolves.toEqual({
      entity: 'collection',
      count: 1,
      items: [edited],
    });

    const requested = await razorpay.products.requestProductConfiguration(created.id, {
      product_name: 'route',
      tnc_accepted: true,
    });
    const resolution = `/accounts/${created.id}/products/${requested.id}`;
    expect(requested).toEqual({
      requested_configuration: [],
      active_configuration: { settlements: { account_number: null, ifsc_code: null, beneficiary_name: null } },
      requirements: ['beneficiary_name', 'account_number', 'ifsc_code'].map((field) => ({
        field_reference: `settlements.${field}`,
        resolution_url: resolution,
        reason_code: 'field_missing',
        status: 'required',
      })),
      tnc: { id: expect.stringMatching(/^tnc_/), accepted: true, accepted_at: expect.any(Number) },
      id: expect.stringMatching(/^acc_prd_[A-Za-z0-9]{14}$/),
      product_name: 'route',
      activation_status: 'needs_clarification',
      account_id: created.id,
      requested_at: expect.any(Number),
    });
    // Asked again (say the first answer was lost), it is the same configuration.
    await expect(
      razorpay.products.requestProductConfiguration(created.id, { product_name: 'route', tnc_accepted: true }),
    ).resolves.toEqual(requested);

    const badIfsc = await rejection(
      razorpay.products.edit(created.id, requested.id, {
        settlements: { ...SETTLEMENT_DETAILS, ifsc_code: 'HDFC317' },
      }),
    );
    expect(badIfsc).toMatchObject({ statusCode: 400, error: { field: 'settlements.ifsc_code' } });
    const partial = await razorpay.products.edit(created.id, requested.id, {
      settlements: { account_number: '1234567890' },
    } as any);
    expect(partial.activation_status).toBe('needs_clarification');
    expect(partial.requirements.map((r) => r.field_reference)).toEqual([
      'settlements.beneficiary_name',
      'settlements.ifsc_code',
    ]);
    await expect(razorpay.accounts.fetch(created.id)).resolves.toMatchObject({ status: 'created' });

    const activated = await razorpay.products.edit(created.id, requested.id, { settlements: SETTLEMENT_DETAILS });
    expect(activated).toMatchObject({
      id: requested.id,
      activation_status: 'activated',
      requirements: [],
      active_configuration: { settlements: SETTLEMENT_DETAILS },
    });
    await expect(razorpay.products.fetch(created.id, requested.id)).resolves.toEqual(activated);
    await expect(razorpay.accounts.fetch(created.id)).resolves.toMatchObject({ status: 'activated' });

    await sandbox.idle();
    expect(routeEvents()).toEqual([
      {
        entity: 'event',
        account_id: created.id,
        event: 'product.route.activated',
        contains: ['merchant_product'],
        payload: {
          merchant_product: {
            entity: { id: requested.id, merchant_id: created.id, activation_status: 'activated' },
            data: [],
          },
        },
        created_at: expect.any(Number),
      },
    ]);
  });

  it('refuses bad fields naming them, a second account with the same email naming the first, and edits of the email', async () => {
    const refusal = async (body: unknown) => (await rejection(razorpay.accounts.create(body as AccountBody))).error;
    const { email: _email, ...noEmail } = sellerAccount('a@example.com');
    await expect(refusal(noEmail)).resolves.toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      field: 'email',
      description: 'The email field is required.',
    });
    const seller = sellerAccount('a@example.com');
    const noStreet2 = {
      ...seller,
      profile: {
        ...seller.profile,
        addresses: {
          registered: {
            street1: '12 Market Yard',
            city: 'Pune',
            state: 'MAHARASHTRA',
            postal_code: '411037',
            country: 'IN',
          },
        },
      },
    };
    await expect(refusal(noStreet2)).resolves.toMatchObject({
      field: 'profile.addresses.registered.street2',
      description: 'The street2 field is required.',
    });
    const stateCode = structuredClone(seller);
    stateCode.profile.addresses!.registered!.state = 'MH';
    await expect(refusal(stateCode)).resolves.toMatchObject({
      description: 'State name entered is incorrect. Please provide correct state name',
    });
    await expect(refusal({ ...seller, legal_info: { pan: 'AAACL1234' } })).resolves.toMatchObject({
      field: 'legal_info.pan',
      description: 'The pan field is invalid.',
    });
    await expect(refusal({ ...seller, business_type: 'sole_trader' })).resolves.toMatchObject({
      field: 'business_type',
    });
    await expect(refusal({ ...seller, contact_name: 'R. Patil' })).resolves.toMatchObject({
      description: 'The contact name may only contain alphabets and spaces',
    });
    await expect(refusal({ ...seller, phone: '12345' })).resolves.toMatchObject({ field: 'phone' });
    await expect(refusal({ ...seller, website: 'https://example.com' })).resolves.toMatchObject({
      description: 'website is/are not required and should not be sent',
    });
    expect(sandbox.route.accounts.size).toBe(0);

    const first = await razorpay.accounts.create(seller);
    const duplicate = await rejection(razorpay.accounts.create(sellerAccount('A@Example.com')));
    expect(duplicate).toEqual({
      statusCode: 400,
      error: expect.objectContaining({
        code: 'BAD_REQUEST_ERROR',
        field: 'email',
        description: `Merchant email already exists for account - ${first.id.slice('acc_'.length)}`,
      }),
    });

    await expect(rejection(razorpay.accounts.edit(first.id, { email: 'b@example.com' } as any))).resolves.toMatchObject(
      {
        statusCode: 400,
        error: { description: 'email is/are not required and should not be sent' },
      },
    );
    const renamed = await razorpay.accounts.edit(first.id, { contact_name: 'Suresh Patil', notes: { seller: '7' } });
    expect(renamed).toMatchObject({ contact_name: 'Suresh Patil', notes: { seller: '7' }, email: 'a@example.com' });

    await expect(
      rejection(razorpay.stakeholders.create('acc_DoesNotExist00', { name: 'X', email: 'x@example.com' } as any)),
    ).resolves.toMatchObject({
      statusCode: 400,
      error: { description: 'Linked account does not exist', reason: 'linked_account_id_does_not_exist' },
    });
    await expect(rejection(razorpay.accounts.fetch('acc_DoesNotExist00'))).resolves.toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
    await expect(razorpay.accounts.delete(first.id)).resolves.toMatchObject({ id: first.id, status: 'suspended' });
  });

  it('answers /v2 only with the key secret, in Razorpay’s error shape', async () => {
    const anonymous = await fetch(`${sandbox.url}/v2/accounts/acc_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { description: 'Authentication failed' } });
    const wrong = await rejection(sdk(sandbox, 'not-the-secret').accounts.fetch('acc_x'));
    expect(wrong.statusCode).toBe(401);
  });
});

describe('transfers from a payment', () => {
  it('holds a transfer, releases it, settles it with a UTR and settlement.processed, then refuses changes', async () => {
    const accountId = await activatedAccount();
    const paymentId = await capturedPayment(100000);
    const holdUntil = Math.floor(Date.now() / 1000) + 3600;
    const created = await razorpay.payments.transfer(paymentId, {
      transfers: [
        {
          account: accountId,
          amount: 60000,
          currency: 'INR',
          notes: { order: 'MANDI-1001', seller: '7' },
          linked_account_notes: ['order'],
          on_hold: 1,
          on_hold_until: holdUntil,
        },
      ],
    });
    const transferId = created.items[0].id;
    // Razorpay answers the transfers before processing them.
    expect(created).toEqual({
      entity: 'collection',
      count: 1,
      items: [
        {
          id: expect.stringMatching(/^trf_[A-Za-z0-9]{14}$/),
          entity: 'transfer',
          status: 'pending',
          source: paymentId,
          recipient: accountId,
          amount: 60000,
          currency: 'INR',
          amount_reversed: 0,
          fees: 177,
          tax: 27,
          notes: { order: 'MANDI-1001', seller: '7' },
          linked_account_notes: ['order'],
          on_hold: true,
          on_hold_until: holdUntil,
          settlement_status: null,
          recipient_settlement_id: null,
          created_at: expect.any(Number),
          processed_at: null,
          error: {
            code: null,
            description: null,
            reason: null,
            field: null,
            step: null,
            id: transferId,
            source: null,
            metadata: null,
          },
        },
      ],
    });
    await expect(razorpay.transfers.fetch(transferId)).resolves.toMatchObject({
      status: 'processed',
      settlement_status: 'on_hold',
      processed_at: expect.any(Number),
    });
    await expect(razorpay.payments.fetchTransfer(paymentId)).resolves.toMatchObject({
      count: 1,
      items: [{ id: transferId, status: 'processed' }],
    });

    // On hold: the run leaves it.
    expect(await settle()).toEqual([]);
    const released = await razorpay.transfers.edit(transferId, { on_hold: 0 });
    expect(released).toMatchObject({ on_hold: false, on_hold_until: null, settlement_status: 'pending' });
    const [run, ...others] = await settle();
    expect(others).toEqual([]);
    expect(run).toEqual({
      account_id: accountId,
      transfer_ids: [transferId],
      settlement: {
        id: expect.stringMatching(/^setl_[A-Za-z0-9]{14}$/),
        entity: 'settlement',
        amount: 60000,
        status: 'processed',
        fees: 0,
        tax: 0,
        utr: expect.stringMatching(/^[0-9a-z]{16}$/),
        created_at: expect.any(Number),
      },
    });
    const settlementId = run.settlement.id;
    await expect(razorpay.transfers.fetch(transferId)).resolves.toMatchObject({
      recipient_settlement_id: settlementId,
      settlement_status: 'settled',
    });
    await expect(razorpay.transfers.all({ recipient_settlement_id: settlementId })).resolves.toMatchObject({
      count: 1,
      items: [{ id: transferId }],
    });
    const expanded = await razorpay.transfers.fetchSettlements();
    expect(expanded.items[0]).toMatchObject({ id: transferId, recipient_settlement: run.settlement });

    // The linked account sees its settlement; the merchant's own list has none.
    const asLinkedAccount = new Razorpay({
      key_id: SANDBOX_KEY_ID,
      key_secret: SANDBOX_KEY_SECRET,
      headers: { 'X-Razorpay-Account': accountId },
    });
    (asLinkedAccount.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = sandbox.url;
    await expect(asLinkedAccount.settlements.all()).resolves.toEqual({
      entity: 'collection',
      count: 1,
      items: [run.settlement],
    });
    await expect(asLinkedAccount.settlements.fetch(settlementId)).resolves.toEqual(run.settlement);
    await expect(razorpay.settlements.all()).resolves.toMatchObject({ count: 0 });

    await expect(rejection(razorpay.transfers.edit(transferId, { on_hold: 1 }))).resolves.toMatchObject({
      statusCode: 400,
      error: {
        description: 'The hold attributes cannot be modified as the amount has already been settled to your account.',
      },
    });
    // Settled money has left the linked account: nothing to reverse from.
    await expect(rejection(razorpay.transfers.reverse(transferId, { amount: 1000 }))).resolves.toMatchObject({
      statusCode: 400,
      error: { description: 'The linked account does not have sufficient balance to process a reversal.' },
    });

    await sandbox.idle();
    const events = routeEvents().filter((event) => event.event !== 'product.route.activated');
    expect(events.map((event) => [event.event, event.account_id])).toEqual([
      ['transfer.processed', 'acc_sandbox'],
      ['settlement.processed', accountId],
    ]);
    expect(events[0]).toMatchObject({
      contains: ['transfer'],
      payload: { transfer: { entity: { id: transferId, status: 'processed', settlement_status: 'on_hold' } } },
    });
    expect(events[1]).toMatchObject({ contains: ['settlement'], payload: { settlement: { entity: run.settlement } } });
    const settled = receiver.received.find((r) => r.event.event === 'settlement.processed')!;
    expect(
      Razorpay.validateWebhookSignature(
        settled.rawBody,
        String(settled.headers['x-razorpay-signature']),
        SANDBOX_WEBHOOK_SECRET,
      ),
    ).toBe(true);
  });

  it('reverses in parts, never more than is left, and gives the money back to the merchant', async () => {
    const accountId = await activatedAccount();
    const paymentId = await capturedPayment(100000);
    const { items } = await razorpay.payments.transfer(paymentId, {
      transfers: [{ account: accountId, amount: 40000, currency: 'INR' }],
    });
    const transferId = items[0].id;
    const before = await balances();
    expect(before.linked_accounts[accountId]).toBe(40000);

    const part = await razorpay.transfers.reverse(transferId, {
      amount: 15000,
      notes: { reason: 'one crate returned' },
    } as {
      amount: number;
    });
    expect(part).toEqual({
      id: expect.stringMatching(/^rvrsl_[A-Za-z0-9]{14}$/),
      entity: 'reversal',
      transfer_id: transferId,
      amount: 15000,
      fee: 0,
      tax: 0,
      currency: 'INR',
      notes: { reason: 'one crate returned' },
      initiator_id: 'sandbox',
      customer_refund_id: null,
      utr: null,
      created_at: expect.any(Number),
    });
    await expect(razorpay.transfers.fetch(transferId)).resolves.toMatchObject({
      status: 'partially_reversed',
      amount_reversed: 15000,
    });
    await expect(rejection(razorpay.transfers.reverse(transferId, { amount: 25001 }))).resolves.toMatchObject({
      statusCode: 400,
      error: { field: 'amount', description: 'The reversal amount provided is greater than the amount not reversed' },
    });
    const rest = await razorpay.transfers.reverse(transferId);
    expect(rest.amount).toBe(25000);
    await expect(razorpay.transfers.fetch(transferId)).resolves.toMatchObject({
      status: 'reversed',
      amount_reversed: 40000,
    });
    await expect(rejection(razorpay.transfers.reverse(transferId))).resolves.toMatchObject({ statusCode: 400 });
    const reversals = await razorpay.api.get<unknown, { count: number; items: Array<{ id: string }> }>({
      url: `/transfers/${transferId}/reversals`,
    });
    expect(reversals).toMatchObject({ entity: 'collection', count: 2, items: [{ id: part.id }, { id: rest.id }] });

    const after = await balances();
    expect(after.balance).toBe(before.balance + 40000);
    expect(after.linked_accounts[accountId]).toBe(0);
    // Nothing left to pay out.
    expect(await settle()).toEqual([]);
  });

  it('reverses the transfers of a payment refunded with reverse_all, and refuses transfers once refunded', async () => {
    const accountId = await activatedAccount();
    const paymentId = await capturedPayment(50000);
    const { items } = await razorpay.payments.transfer(paymentId, {
      transfers: [{ account: accountId, amount: 20000, currency: 'INR' }],
    });
    const refund = await razorpay.payments.refund(paymentId, { amount: 10000, reverse_all: 1 });
    await expect(razorpay.transfers.fetch(items[0].id)).resolves.toMatchObject({
      status: 'reversed',
      amount_reversed: 20000,
    });
    const reversals = await razorpay.api.get<unknown, { items: Array<Record<string, unknown>> }>({
      url: `/transfers/${items[0].id}/reversals`,
    });
    expect(reversals.items).toEqual([expect.objectContaining({ amount: 20000, customer_refund_id: refund.id })]);

    const afterRefund = await rejection(
      razorpay.payments.transfer(paymentId, { transfers: [{ account: accountId, amount: 10000, currency: 'INR' }] }),
    );
    expect(afterRefund).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('makes the next transfer fail when told to, sends transfer.failed and gives the merchant its money back', async () => {
    const accountId = await activatedAccount();
    const paymentId = await capturedPayment(50000);
    const { balance } = await balances();
    const told = await post(`${sandbox.url}/sandbox/transfers/fail_next`, { account: accountId });
    expect(told).toEqual({ status: 200, body: { fail_next: [{ account: accountId, remaining: 1 }] } });

    const { items } = await razorpay.payments.transfer(paymentId, {
      transfers: [{ account: accountId, amount: 30000, currency: 'INR' }],
    });
    expect(items[0].status).toBe('pending');
    const failed = await razorpay.transfers.fetch(items[0].id);
    expect(failed).toMatchObject({
      status: 'failed',
      settlement_status: null,
      processed_at: null,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: expect.any(String),
        reason: 'transfer_failed',
        id: items[0].id,
      },
    });
    expect((await balances()).balance).toBe(balance);

    // The rule is used up, and a failed transfer does not count against the payment.
    const again = await razorpay.payments.transfer(paymentId, {
      transfers: [{ account: accountId, amount: 30000, currency: 'INR' }],
    });
    await expect(razorpay.transfers.fetch(again.items[0].id)).resolves.toMatchObject({ status: 'processed' });
    expect(await settle()).toMatchObject([{ account_id: accountId, transfer_ids: [again.items[0].id] }]);

    await sandbox.idle();
    const events = routeEvents().filter((event) => event.event.startsWith('transfer.'));
    expect(events.map((event) => event.event)).toEqual(['transfer.failed', 'transfer.processed']);
    expect(events[0].payload.transfer.entity).toMatchObject({ id: items[0].id, status: 'failed' });
  });

  it('refuses what Razorpay refuses, with its descriptions, and makes no transfer for them', async () => {
    const accountId = await activatedAccount();
    const notActivated = await razorpay.accounts.create(sellerAccount('new.seller@example.com'));
    const paymentId = await capturedPayment(50000);
    const transfer = (overrides: Record<string, unknown>) =>
      razorpay.payments.transfer(paymentId, {
        transfers: [{ account: accountId, amount: 10000, currency: 'INR', ...overrides } as any],
      });
    const refused = async (promise: Promise<unknown>) => (await rejection(promise)).error;

    await expect(refused(razorpay.payments.transfer('pay_DoesNotExist00', { transfers: [] }))).resolves.toMatchObject({
      description: 'The id provided does not exist',
    });
    await expect(refused(razorpay.payments.transfer(paymentId, {} as any))).resolves.toMatchObject({
      field: 'transfers',
      description: 'The transfers field is required.',
    });
    await expect(refused(transfer({ amount: 50001 }))).resolves.toMatchObject({
      field: 'amount',
      description: 'The sum of amount requested for transfer is greater than the captured amount',
    });
    await expect(refused(transfer({ account: 'acc_DoesNotExist00' }))).resolves.toMatchObject({
      field: 'account',
      description: 'Account ID provided for transfer is invalid',
    });
    await expect(refused(transfer({ account: notActivated.id }))).resolves.toMatchObject({
      field: 'account',
      description: 'The account needs to be activated by Razorpay before you can make transfers in live mode',
    });
    await expect(refused(transfer({ currency: undefined }))).resolves.toMatchObject({ field: 'currency' });
    await expect(refused(transfer({ amount: 99 }))).resolves.toMatchObject({ field: 'amount' });
    await expect(refused(transfer({ on_hold: 'maybe' }))).resolves.toMatchObject({ field: 'on_hold' });
    await expect(refused(transfer({ linked_account_notes: ['seller'] }))).resolves.toMatchObject({
      field: 'linked_account_notes',
    });
    await expect(refused(transfer({ fee_bearer: 'seller' }))).resolves.toMatchObject({
      description: 'fee_bearer is/are not required and should not be sent',
    });
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const failedPayment = await sandbox.payOrder(order.id, { outcome: 'failure' });
    await expect(
      refused(
        razorpay.payments.transfer(failedPayment.error.metadata.payment_id, {
          transfers: [{ account: accountId, amount: 10000, currency: 'INR' }],
        }),
      ),
    ).resolves.toMatchObject({ description: 'The payment status should be captured for action to be taken' });
    expect(sandbox.route.transfers.size).toBe(0);

    await transfer({ amount: 30000 });
    await expect(refused(transfer({ amount: 25000 }))).resolves.toMatchObject({
      description: 'The total transfer amount provided is greater than the amount not transferred',
    });
    expect(sandbox.route.transfers.size).toBe(1);
  });

  it('makes the transfer and loses the answer under an after_effect fault: fetchTransfer finds it', async () => {
    const accountId = await activatedAccount();
    const paymentId = await capturedPayment(50000);
    sandbox.faults.add({
      method: 'POST',
      path: '/v1/payments/:id/transfers',
      status: 502,
      afterEffect: true,
      times: 1,
    });
    const lost = await rejection(
      razorpay.payments.transfer(paymentId, {
        transfers: [{ account: accountId, amount: 20000, currency: 'INR', notes: { mandi_transfer_id: '9' } }],
      }),
    );
    expect(lost).toMatchObject({ statusCode: 502, error: { code: 'SERVER_ERROR' } });
    const { items } = await razorpay.payments.fetchTransfer(paymentId);
    expect(items).toEqual([
      expect.objectContaining({ status: 'processed', amount: 20000, notes: { mandi_transfer_id: '9' } }),
    ]);
    await sandbox.idle();
    expect(routeEvents().filter((event) => event.event === 'transfer.processed')).toHaveLength(1);
  });

  it('applies faults to /v2: a failed create changes nothing, a lost one is found through the duplicate email', async () => {
    const added = await post(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      path: '/v2/accounts',
      status: 503,
      times: 1,
    });
    expect(added.status).toBe(200);
    await expect(rejection(razorpay.accounts.create(sellerAccount('kisan@example.com')))).resolves.toMatchObject({
      statusCode: 503,
    });
    expect(sandbox.route.accounts.size).toBe(0);

    sandbox.faults.add({ method: 'POST', path: '/v2/accounts', status: 504, afterEffect: true, times: 1 });
    await expect(rejection(razorpay.accounts.create(sellerAccount('kisan@example.com')))).resolves.toMatchObject({
      statusCode: 504,
    });
    const retry = await rejection(razorpay.accounts.create(sellerAccount('kisan@example.com')));
    const id = /already exists for account - ([A-Za-z0-9]{14})$/.exec(String(retry.error.description))?.[1];
    await expect(razorpay.accounts.fetch(`acc_${id}`)).resolves.toMatchObject({ email: 'kisan@example.com' });
  });
});

describe('direct transfers and the merchant’s balance', () => {
  it('transfers from the balance that captured payments fill, refuses more than it holds, and settles both', async () => {
    const accountId = await activatedAccount();
    await capturedPayment(100000);
    // Rs 1,000 less Razorpay's 2 % fee and its GST.
    expect((await balances()).balance).toBe(97640);

    const direct = await razorpay.transfers.create({
      account: accountId,
      amount: 50000,
      currency: 'INR',
      notes: { reason: 'weekly payout' },
    });
    expect(direct).toMatchObject({
      id: expect.stringMatching(/^trf_/),
      entity: 'transfer',
      status: 'processed',
      source: 'acc_sandbox',
      recipient: accountId,
      amount: 50000,
      fees: 148,
      tax: 23,
      notes: { reason: 'weekly payout' },
      on_hold: false,
      settlement_status: 'pending',
      processed_at: expect.any(Number),
    });
    expect((await balances()).balance).toBe(97640 - 50148);

    const tooMuch = await rejection(razorpay.transfers.create({ account: accountId, amount: 47492, currency: 'INR' }));
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: expect.stringMatching(
          /^Your account does not have enough balance to carry out the transfer operation\./,
        ),
      },
    });
    await post(`${sandbox.url}/sandbox/balance`, { amount: 100000 });
    const second = await razorpay.transfers.create({ account: accountId, amount: 47492, currency: 'INR' });
    await expect(razorpay.transfers.all({ count: 1 })).resolves.toMatchObject({ count: 1, items: [{ id: second.id }] });
    await expect(razorpay.transfers.all({ count: 1, skip: 1 })).resolves.toMatchObject({ items: [{ id: direct.id }] });

    const runs = await sandbox.runSettlements({ merchant: true, wait: true });
    expect(runs.map((run) => [run.account_id, run.settlement.amount])).toEqual([
      [accountId, 50000 + 47492],
      ['acc_sandbox', 97640 - 50148 + 100000 - 47492 - 141],
    ]);
    await expect(razorpay.settlements.all()).resolves.toMatchObject({ count: 1, items: [runs[1].settlement] });
    await expect(razorpay.settlements.fetch(runs[1].settlement.id)).resolves.toEqual(runs[1].settlement);
    await expect(rejection(razorpay.settlements.fetch(runs[0].settlement.id))).resolves.toMatchObject({
      statusCode: 400,
    });
    expect((await balances()).balance).toBe(0);
    await sandbox.idle();
    expect(
      routeEvents()
        .filter((event) => event.event === 'settlement.processed')
        .map((event) => event.account_id),
    ).toEqual([accountId, 'acc_sandbox']);
  });
});

describe('scheduled settlements', () => {
  it('settles by itself every settleEveryMs when asked to', async () => {
    await stopSandbox();
    await start({ settleEveryMs: 50 });
    const accountId = await activatedAccount();
    const paymentId = await capturedPayment(50000);
    const { items } = await razorpay.payments.transfer(paymentId, {
      transfers: [{ account: accountId, amount: 10000, currency: 'INR' }],
    });
    const deadline = Date.now() + 2000;
    let transfer = await razorpay.transfers.fetch(items[0].id);
    while (transfer.recipient_settlement_id === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      transfer = await razorpay.transfers.fetch(items[0].id);
    }
    expect(transfer).toMatchObject({ settlement_status: 'settled', recipient_settlement_id: expect.any(String) });
  });
});
