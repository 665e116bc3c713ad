// Razorpay Route in the sandbox: linked accounts (/v2/accounts) with their stakeholders and Route product
// configuration, transfers from captured payments and from the merchant's balance, holds, reversals, and the
// settlements that pay linked accounts out, shaped like Razorpay's entities
// (https://razorpay.com/docs/api/payments/route/) and refused with Razorpay's own error descriptions where they are
// known. Memory only, no I/O: sandbox.mjs answers the HTTP calls and sends the webhooks. docs/razorpay-sandbox.md
// ("Route") lists what the sandbox had to guess.
import { randomInt } from 'node:crypto';
import {
  MERCHANT_ACCOUNT_ID,
  SandboxError,
  amountOf,
  copy,
  currencyOf,
  invalid,
  newId,
  notesOf,
  unixNow,
  unknownId,
} from './ledger.mjs';

/**
 * @typedef {import('./ledger.mjs').Entity} Entity
 * @typedef {import('./ledger.mjs').Ledger} Ledger
 * @typedef {{ account: string, amount: number, currency: string, notes: Record<string, unknown> | never[],
 *   linkedAccountNotes: string[], onHold: boolean, onHoldUntil: number | null }} TransferInput a checked transfer
 */

/** Razorpay's business types for a linked account (its onboarding appendix). */
export const BUSINESS_TYPES = [
  'individual',
  'proprietorship',
  'partnership',
  'private_limited',
  'public_limited',
  'llp',
  'ngo',
  'trust',
  'society',
  'not_yet_registered',
  'huf',
  'educational_institutes',
];

/** The states and union territories a registered address may name, as Razorpay wants them: in full. */
const INDIAN_STATES = new Set(
  [
    'Andaman and Nicobar Islands',
    'Andhra Pradesh',
    'Arunachal Pradesh',
    'Assam',
    'Bihar',
    'Chandigarh',
    'Chhattisgarh',
    'Dadra and Nagar Haveli',
    'Dadra and Nagar Haveli and Daman and Diu',
    'Daman and Diu',
    'Delhi',
    'Goa',
    'Gujarat',
    'Haryana',
    'Himachal Pradesh',
    'Jammu and Kashmir',
    'Jharkhand',
    'Karnataka',
    'Kerala',
    'Ladakh',
    'Lakshadweep',
    'Madhya Pradesh',
    'Maharashtra',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Odisha',
    'Puducherry',
    'Punjab',
    'Rajasthan',
    'Sikkim',
    'Tamil Nadu',
    'Telangana',
    'Tripura',
    'Uttar Pradesh',
    'Uttarakhand',
    'West Bengal',
  ].map(stateKey),
);

/** The settlement details the Route product needs before it is activated, in the order Razorpay lists them. */
const SETTLEMENT_FIELDS = ['beneficiary_name', 'account_number', 'ifsc_code'];

/** What Razorpay charges for a transfer: 0.25 % of its amount plus 18 % GST, rounded up (its examples' figures). */
function transferFees(amount) {
  // In whole numbers: 0.25 % × 1.18 is 295 per 100,000.
  const fees = Math.ceil((amount * 295) / 100_000);
  return { fees, tax: fees - Math.round((fees * 100) / 118) };
}

/**
 * A state's comparable form: `Tamil Nadu`, `TAMIL NADU` and `tamil  nadu` are the same, `&` is `and`.
 * @param {string} name
 */
function stateKey(name) {
  return name.toUpperCase().replace(/&/g, ' AND ').replace(/\s+/g, ' ').trim();
}

/**
 * Razorpay's answer to fields a call does not take.
 * @param {string[]} keys
 */
function notAllowed(keys) {
  return new SandboxError(400, `${keys.join(', ')} is/are not required and should not be sent`, { field: keys[0] });
}

/**
 * Refuses any key of `body` outside `allowed`.
 * @param {Record<string, unknown>} body
 * @param {string[]} allowed
 */
function only(body, allowed) {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw notAllowed(extra);
}

/**
 * Laravel's name of a field in a message, as Razorpay's validation words it: `legal_business_name` is "legal business
 * name", `profile.addresses.registered.street2` is "street2".
 * @param {string} path
 */
function label(path) {
  return (path.split('.').at(-1) ?? path).replace(/_/g, ' ');
}

/** @param {unknown} value */
function absent(value) {
  return value === undefined || value === null || value === '';
}

/**
 * @param {string} path
 */
function required(path) {
  return invalid(path, `The ${label(path)} field is required.`);
}

/**
 * A text field: required or not, of min..max characters.
 * @param {unknown} value
 * @param {string} path
 * @param {{ required?: boolean, min?: number, max?: number }} rules
 * @returns {string | null}
 */
function text(value, path, { required: needed = false, min = 1, max = 255 } = {}) {
  if (absent(value)) {
    if (needed) throw required(path);
    return null;
  }
  if (typeof value !== 'string') throw invalid(path, `The ${label(path)} must be a string.`);
  if (value.length < min || value.length > max) {
    throw invalid(path, `The ${label(path)} must be between ${min} and ${max} characters.`);
  }
  return value;
}

/**
 * A nested object field.
 * @param {unknown} value
 * @param {string} path
 * @param {boolean} needed
 * @returns {Record<string, any> | null}
 */
function objectOf(value, path, needed) {
  if (absent(value)) {
    if (needed) throw required(path);
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(path, `The ${label(path)} must be an object.`);
  return /** @type {Record<string, any>} */ (value);
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {boolean} needed
 */
function emailOf(value, path, needed) {
  const email = text(value, path, { required: needed, max: 132 });
  if (email !== null && !/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw invalid(path, `The ${label(path)} must be a valid email address.`);
  }
  return email;
}

/**
 * A phone number of min..max digits, as text (Razorpay takes a number or a string and answers the string).
 * @param {unknown} value
 * @param {string} path
 * @param {{ required?: boolean, min: number, max: number }} rules
 */
function phoneOf(value, path, { required: needed = false, min, max }) {
  if (absent(value)) {
    if (needed) throw required(path);
    return null;
  }
  const phone = typeof value === 'number' ? String(value) : value;
  if (typeof phone !== 'string' || !/^\+?\d+$/.test(phone))
    throw invalid(path, `The ${label(path)} format is invalid.`);
  const digits = phone.replace('+', '').length;
  if (digits < min || digits > max) {
    throw invalid(path, `The ${label(path)} must be between ${min} and ${max} digits.`);
  }
  return phone;
}

/**
 * Razorpay's booleans: true/false, 1/0, or their text (the SDK sends what it is given; forms send text).
 * @param {unknown} value
 * @param {string} path
 * @returns {boolean | undefined} undefined when absent
 */
export function booleanOf(value, path) {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw invalid(path, `The ${label(path)} field must be true or false.`);
}

/**
 * A Unix time in seconds (a number or its digits).
 * @param {unknown} value
 * @param {string} path
 * @returns {number | null}
 */
function timeOf(value, path) {
  if (absent(value)) return null;
  const time = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof time !== 'number' || !Number.isInteger(time) || time < 0) {
    throw invalid(path, `The ${label(path)} must be an integer.`);
  }
  return time;
}

/**
 * A registered or operational address of a linked account: every line required, with Razorpay's own messages.
 * @param {unknown} value
 * @param {string} path
 * @param {boolean} needed
 */
function businessAddressOf(value, path, needed) {
  const address = objectOf(value, path, needed);
  if (!address) return null;
  only(address, ['street1', 'street2', 'city', 'state', 'postal_code', 'country']);
  const street1 = text(address.street1, `${path}.street1`, { required: true, max: 100 });
  const street2 = text(address.street2, `${path}.street2`, { required: true, max: 100 });
  const city = text(address.city, `${path}.city`, { required: true, max: 100 });
  if (!/^[A-Za-z0-9 ]+$/.test(city ?? '')) {
    throw invalid(`${path}.city`, 'The business registered city may only contain alphabets, digits and spaces');
  }
  const state = stateOf(address.state, `${path}.state`);
  const postalCode = postalCodeOf(address.postal_code, `${path}.postal_code`);
  const country = text(address.country, `${path}.country`, { required: true, min: 2, max: 64 });
  if (!/^[A-Za-z ]+$/.test(country ?? '')) {
    throw invalid(`${path}.country`, 'The business registered country may only contain alphabets and spaces');
  }
  return { street1, street2, city, state, postal_code: postalCode, country };
}

/**
 * @param {unknown} value
 * @param {string} path
 */
function stateOf(value, path) {
  const state = text(value, path, { required: true, min: 2, max: 64 });
  if (!INDIAN_STATES.has(stateKey(state ?? ''))) {
    throw invalid(path, 'State name entered is incorrect. Please provide correct state name');
  }
  return state;
}

/**
 * Six digits, as a number or text (answered as given).
 * @param {unknown} value
 * @param {string} path
 */
function postalCodeOf(value, path) {
  if (absent(value)) throw required(path);
  if (!/^\d+$/.test(String(value))) throw invalid(path, 'The postal code must be an integer');
  if (String(value).length !== 6) throw invalid(path, 'The postal code must be 6 digits.');
  return value;
}

/**
 * `a` with `b` laid over it, objects merged key by key (what a PATCH of nested fields does).
 * @param {Record<string, any>} a
 * @param {Record<string, any>} b
 * @returns {Record<string, any>}
 */
function merged(a, b) {
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const isObject = (/** @type {unknown} */ v) => typeof v === 'object' && v !== null && !Array.isArray(v);
    out[key] = isObject(value) && isObject(a[key]) ? merged(a[key], value) : value;
  }
  return out;
}

/**
 * A page of a list, newest first as Razorpay lists: `from`/`to` (Unix seconds, inclusive), `count` (default 10,
 * at most 100) and `skip`.
 * @param {Entity[]} items oldest first
 * @param {URLSearchParams} query
 * @param {{ newestFirst?: boolean, defaultCount?: number }} [options]
 */
function page(items, query, { newestFirst = true, defaultCount = 10 } = {}) {
  const number = (/** @type {string} */ name, /** @type {number} */ fallback) => {
    const value = query.get(name);
    if (value === null || value === '') return fallback;
    if (!/^\d+$/.test(value)) throw invalid(name, `The ${name} must be an integer.`);
    return Number(value);
  };
  const count = number('count', defaultCount);
  if (count < 1) throw invalid('count', 'The count must be at least 1.');
  if (count > 100) throw invalid('count', 'The count may not be greater than 100.');
  const from = number('from', 0);
  const to = number('to', Number.MAX_SAFE_INTEGER);
  const skip = number('skip', 0);
  const ordered = newestFirst ? [...items].reverse() : items;
  const chosen = ordered.filter((item) => item.created_at >= from && item.created_at <= to).slice(skip, skip + count);
  return { entity: 'collection', count: chosen.length, items: chosen.map(copy) };
}

/**
 * A UTR as Razorpay's settlements carry one: 16 characters, the time and six letters or digits (its example is
 * `1597813219e1pq6w`).
 */
function newUtr() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let tail = '';
  for (let i = 0; i < 6; i += 1) tail += alphabet[randomInt(alphabet.length)];
  return `${unixNow()}${tail}`;
}

/** The error of a transfer that did not fail: every field null but the transfer's id, as Razorpay answers it. */
function noError(id) {
  return { code: null, description: null, reason: null, field: null, step: null, id, source: null, metadata: null };
}

/**
 * What happened to a transfer once processed: its snapshot and whether it failed.
 * @typedef {{ transfer: Entity, failed: boolean }} Processed
 *
 * A settlement a run made, and whose it is (a linked account's id, or the merchant's).
 * @typedef {{ settlement: Entity, owner: string, transfers: string[] }} Settled
 *
 * A rule that makes transfers fail: to `account` (any when null), for `remaining` more transfers.
 * @typedef {{ account: string | null, remaining: number }} FailRule
 */

/**
 * Route's state and rules. Methods answer snapshots; those that change money also say what happened, for the
 * webhooks.
 */
export class Route {
  /** @type {Map<string, Entity>} linked account id -> account entity */
  accounts = new Map();
  /** @type {Map<string, Entity>} stakeholder id -> stakeholder entity */
  stakeholders = new Map();
  /** @type {Map<string, Entity>} product configuration id (acc_prd_) -> product configuration entity */
  products = new Map();
  /** @type {Map<string, Entity>} transfer id -> transfer entity */
  transfers = new Map();
  /** @type {Map<string, Entity>} reversal id -> reversal entity */
  reversals = new Map();
  /** @type {Map<string, Entity>} settlement id -> settlement entity (linked accounts' and the merchant's own) */
  settlements = new Map();
  /** @type {Map<string, number>} linked account id -> what it holds and has not been paid out, in paise */
  accountBalances = new Map();
  /** @type {FailRule[]} */
  failRules = [];
  /** @type {Map<string, string>} stakeholder id -> its account */
  #accountOfStakeholder = new Map();
  /** @type {Map<string, string>} settlement id -> whose it is */
  #ownerOfSettlement = new Map();

  /** @param {Ledger} ledger the payments transfers come from, and the merchant's balance */
  constructor(ledger) {
    this.ledger = ledger;
  }

  // ----- linked accounts -----

  /**
   * POST /v2/accounts: a linked account of type `route`, `created` until its Route product is activated. An email
   * already in use is refused with the id of the account that has it, as Razorpay does.
   * @param {Record<string, any>} body
   */
  createAccount(body) {
    only(body, [
      'email',
      'phone',
      'type',
      'reference_id',
      'legal_business_name',
      'customer_facing_business_name',
      'business_type',
      'contact_name',
      'contact_info',
      'apps',
      'brand',
      'profile',
      'legal_info',
      'notes',
    ]);
    const fields = checkAccount(body);
    const taken = [...this.accounts.values()].find(
      (account) => account.email.toLowerCase() === fields.email.toLowerCase(),
    );
    if (taken) {
      // Razorpay names the account by its id without the acc_ prefix.
      throw invalid('email', `Merchant email already exists for account - ${taken.id.slice('acc_'.length)}`);
    }
    /** @type {Entity} */
    const account = { id: newId('acc'), type: 'route', status: 'created', ...fields, created_at: unixNow() };
    // The order of Razorpay's example answer.
    const ordered = pick(account, [
      'id',
      'type',
      'status',
      'email',
      'profile',
      'notes',
      'created_at',
      'phone',
      'contact_name',
      'reference_id',
      'business_type',
      'legal_business_name',
      'customer_facing_business_name',
      'legal_info',
      'contact_info',
      'apps',
      'brand',
    ]);
    this.accounts.set(ordered.id, ordered);
    this.accountBalances.set(ordered.id, 0);
    return copy(ordered);
  }

  /**
   * GET /v2/accounts/:id.
   * @param {string} id
   */
  account(id) {
    return copy(this.#account(id));
  }

  /**
   * PATCH /v2/accounts/:id: any field but email, type and business type; nested objects are merged.
   * @param {string} id
   * @param {Record<string, any>} body
   */
  editAccount(id, body) {
    const account = this.#account(id);
    only(body, [
      'phone',
      'reference_id',
      'legal_business_name',
      'customer_facing_business_name',
      'contact_name',
      'contact_info',
      'apps',
      'brand',
      'profile',
      'legal_info',
      'notes',
    ]);
    const fields = checkAccount(merged(account, body));
    Object.assign(account, fields);
    return copy(account);
  }

  /**
   * DELETE /v2/accounts/:id: the account is `suspended`; no transfer can reach it any more.
   * @param {string} id
   */
  deleteAccount(id) {
    const account = this.#account(id);
    account.status = 'suspended';
    return copy(account);
  }

  // ----- stakeholders -----

  /**
   * POST /v2/accounts/:id/stakeholders.
   * @param {string} accountId
   * @param {Record<string, any>} body
   */
  createStakeholder(accountId, body) {
    this.#linkedAccount(accountId);
    const fields = checkStakeholder(body, { creating: true });
    /** @type {Entity} */
    const stakeholder = pick({ entity: 'stakeholder', id: newId('sth'), notes: [], ...fields }, [
      'entity',
      'relationship',
      'phone',
      'notes',
      'kyc',
      'id',
      'name',
      'email',
      'percentage_ownership',
      'addresses',
    ]);
    this.stakeholders.set(stakeholder.id, stakeholder);
    this.#accountOfStakeholder.set(stakeholder.id, accountId);
    return copy(stakeholder);
  }

  /**
   * GET /v2/accounts/:id/stakeholders: a collection, oldest first.
   * @param {string} accountId
   */
  stakeholdersOf(accountId) {
    this.#linkedAccount(accountId);
    const items = [...this.stakeholders.values()].filter(
      (stakeholder) => this.#accountOfStakeholder.get(stakeholder.id) === accountId,
    );
    return { entity: 'collection', count: items.length, items: items.map(copy) };
  }

  /**
   * GET /v2/accounts/:id/stakeholders/:stakeholderId.
   * @param {string} accountId
   * @param {string} id
   */
  stakeholder(accountId, id) {
    return copy(this.#stakeholder(accountId, id));
  }

  /**
   * PATCH /v2/accounts/:id/stakeholders/:stakeholderId: any field but email; nested objects are merged.
   * @param {string} accountId
   * @param {string} id
   * @param {Record<string, any>} body
   */
  editStakeholder(accountId, id, body) {
    const stakeholder = this.#stakeholder(accountId, id);
    if ('email' in body) throw notAllowed(['email']);
    const { entity: _entity, id: _id, ...current } = stakeholder;
    Object.assign(stakeholder, checkStakeholder(merged(current, body), { creating: false }));
    return copy(stakeholder);
  }

  // ----- the Route product -----

  /**
   * POST /v2/accounts/:id/products `{ product_name: 'route', tnc_accepted }`: the configuration, `needs_clarification`
   * with its `requirements` until the settlement details are given. Asked again, it answers the same configuration
   * (so a caller whose answer was lost learns its id).
   * @param {string} accountId
   * @param {Record<string, any>} body
   */
  requestProduct(accountId, body) {
    const account = this.#linkedAccount(accountId);
    only(body, ['product_name', 'tnc_accepted', 'ip']);
    if (absent(body.product_name)) throw required('product_name');
    if (body.product_name !== 'route') throw invalid('product_name', 'The product requested is invalid');
    const tncAccepted = this.#tncOf(body.tnc_accepted);
    const existing = [...this.products.values()].find((product) => product.account_id === accountId);
    if (existing) {
      if (tncAccepted) this.#acceptTnc(existing);
      return this.#review(existing, account);
    }
    const now = unixNow();
    /** @type {Entity} */
    const product = {
      requested_configuration: [],
      active_configuration: { settlements: { account_number: null, ifsc_code: null, beneficiary_name: null } },
      requirements: [],
      tnc: null,
      id: newId('acc_prd'),
      product_name: 'route',
      activation_status: 'requested',
      account_id: accountId,
      requested_at: now,
    };
    if (tncAccepted) this.#acceptTnc(product);
    this.products.set(product.id, product);
    return this.#review(product, account);
  }

  /**
   * GET /v2/accounts/:id/products/:productId.
   * @param {string} accountId
   * @param {string} id
   */
  product(accountId, id) {
    return copy(this.#product(accountId, id));
  }

  /**
   * PATCH /v2/accounts/:id/products/:productId `{ settlements: { account_number, ifsc_code, beneficiary_name },
   * tnc_accepted }`: once the three details are known and the terms accepted, the product is `activated`, and so is
   * the account. `activated` says whether this call activated it (the product.route.activated webhook).
   * @param {string} accountId
   * @param {string} id
   * @param {Record<string, any>} body
   * @returns {{ product: Entity, activated: boolean }}
   */
  editProduct(accountId, id, body) {
    const product = this.#product(accountId, id);
    const account = this.#linkedAccount(accountId);
    only(body, ['settlements', 'tnc_accepted', 'ip']);
    const settlements = objectOf(body.settlements, 'settlements', false);
    if (settlements) {
      only(settlements, SETTLEMENT_FIELDS);
      // The SDK's type lets the account number be a number.
      const accountNumber = settlements.account_number;
      const given = {
        account_number: text(
          typeof accountNumber === 'number' ? String(accountNumber) : accountNumber,
          'settlements.account_number',
          { min: 5, max: 35 },
        ),
        ifsc_code: text(settlements.ifsc_code, 'settlements.ifsc_code', { max: 11 }),
        beneficiary_name: text(settlements.beneficiary_name, 'settlements.beneficiary_name', { min: 4, max: 120 }),
      };
      if (given.account_number !== null && !/^[A-Za-z0-9]+$/.test(given.account_number)) {
        throw invalid('settlements.account_number', 'The account number format is invalid.');
      }
      if (given.ifsc_code !== null && !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(given.ifsc_code)) {
        throw invalid('settlements.ifsc_code', 'The ifsc code format is invalid.');
      }
      const current = product.active_configuration.settlements;
      for (const field of SETTLEMENT_FIELDS) if (given[field] !== null) current[field] = given[field];
    }
    if (this.#tncOf(body.tnc_accepted)) this.#acceptTnc(product);
    const before = product.activation_status;
    const answer = this.#review(product, account);
    return { product: answer, activated: before !== 'activated' && answer.activation_status === 'activated' };
  }

  /**
   * The requirements still open, and the statuses that follow from them.
   * @param {Entity} product
   * @param {Entity} account
   */
  #review(product, account) {
    const resolution = `/accounts/${account.id}/products/${product.id}`;
    const settlements = product.active_configuration.settlements;
    const requirements = SETTLEMENT_FIELDS.filter((field) => settlements[field] === null).map((field) => ({
      field_reference: `settlements.${field}`,
      resolution_url: resolution,
      reason_code: 'field_missing',
      status: 'required',
    }));
    if (!product.tnc?.accepted) {
      requirements.push({
        field_reference: 'tnc_accepted',
        resolution_url: resolution,
        reason_code: 'field_missing',
        status: 'required',
      });
    }
    product.requirements = requirements;
    if (requirements.length > 0) {
      if (product.activation_status !== 'activated') product.activation_status = 'needs_clarification';
    } else {
      product.activation_status = 'activated';
      if (account.status === 'created') account.status = 'activated';
    }
    return copy(product);
  }

  /**
   * @param {unknown} value
   * @returns {boolean}
   */
  #tncOf(value) {
    const accepted = booleanOf(value, 'tnc_accepted');
    if (accepted === false) throw invalid('tnc_accepted', 'The selected tnc accepted is invalid.');
    return accepted === true;
  }

  /** @param {Entity} product */
  #acceptTnc(product) {
    if (!product.tnc) product.tnc = { id: newId('tnc'), accepted: true, accepted_at: unixNow() };
  }

  // ----- transfers -----

  /**
   * POST /v1/payments/:id/transfers `{ transfers: [...] }`: transfers from a captured payment, all or none. The
   * answer shows them `pending`, as Razorpay's does; they are processed at once after it (`processed`, with what
   * happened to each, for the webhooks).
   * @param {string} paymentId
   * @param {Record<string, any>} body
   * @returns {{ answer: Entity, processed: Processed[] }}
   */
  transferFromPayment(paymentId, body) {
    const payment = this.ledger.payments.get(paymentId);
    if (!payment) throw unknownId();
    only(body, ['transfers']);
    if (absent(body.transfers) || (Array.isArray(body.transfers) && body.transfers.length === 0)) {
      throw required('transfers');
    }
    if (!Array.isArray(body.transfers)) throw invalid('transfers', 'The transfers must be an array.');
    if (payment.amount_refunded > 0) {
      throw invalid('id', 'Transfers cannot be created on a payment once a refund has been initiated on it');
    }
    if (payment.status !== 'captured') {
      throw invalid('id', 'The payment status should be captured for action to be taken');
    }
    const inputs = body.transfers.map((item) => this.#transferInput(item, payment.currency));
    const total = inputs.reduce((sum, input) => sum + input.amount, 0);
    if (total > payment.amount) {
      throw invalid('amount', 'The sum of amount requested for transfer is greater than the captured amount');
    }
    const transferred = [...this.transfers.values()]
      .filter((transfer) => transfer.source === payment.id && transfer.status !== 'failed')
      .reduce((sum, transfer) => sum + transfer.amount, 0);
    if (transferred + total > payment.amount) {
      throw invalid('amount', 'The total transfer amount provided is greater than the amount not transferred');
    }
    this.#checkBalance(inputs);
    const created = inputs.map((input) => this.#create(payment.id, input));
    const answer = { entity: 'collection', count: created.length, items: created.map(copy) };
    return { answer, processed: created.map((transfer) => this.#process(transfer)) };
  }

  /**
   * POST /v1/transfers: a direct transfer from the merchant's balance, processed before it is answered.
   * @param {Record<string, any>} body
   * @returns {Processed}
   */
  directTransfer(body) {
    const input = this.#transferInput(body, 'INR');
    this.#checkBalance([input]);
    return this.#process(this.#create(MERCHANT_ACCOUNT_ID, input));
  }

  /**
   * One transfer of a request, checked: the linked account must exist and be activated.
   * @param {unknown} item
   * @param {string} currency the source's currency
   * @returns {TransferInput}
   */
  #transferInput(item, currency) {
    const given = objectOf(item, 'transfers', true) ?? {};
    only(given, ['account', 'amount', 'currency', 'notes', 'linked_account_notes', 'on_hold', 'on_hold_until']);
    if (absent(given.account)) throw required('account');
    const account = this.accounts.get(String(given.account));
    if (!account) throw invalid('account', 'Account ID provided for transfer is invalid');
    if (account.status !== 'activated') {
      throw invalid(
        'account',
        'The account needs to be activated by Razorpay before you can make transfers in live mode',
      );
    }
    const amount = amountOf(given.amount);
    if (absent(given.currency)) throw required('currency');
    currencyOf(given.currency);
    if (given.currency !== currency) {
      throw invalid('currency', 'Transfer request currency must be same as payment currency');
    }
    const notes = notesOf(given.notes);
    const linkedAccountNotes = given.linked_account_notes ?? [];
    if (
      !Array.isArray(linkedAccountNotes) ||
      linkedAccountNotes.some((key) => typeof key !== 'string' || Array.isArray(notes) || !(key in notes))
    ) {
      throw invalid('linked_account_notes', 'The linked account notes must be keys of the notes.');
    }
    const onHold = booleanOf(given.on_hold, 'on_hold') ?? false;
    // A hold whose time has passed is released at the next settlement run.
    const onHoldUntil = onHold ? timeOf(given.on_hold_until, 'on_hold_until') : null;
    return { account: account.id, amount, currency, notes, linkedAccountNotes, onHold, onHoldUntil };
  }

  /**
   * The merchant's balance must cover the transfers and their fees.
   * @param {Array<{ amount: number }>} inputs
   */
  #checkBalance(inputs) {
    const needed = inputs.reduce((sum, input) => sum + input.amount + transferFees(input.amount).fees, 0);
    if (needed > this.ledger.balance) {
      throw invalid(
        'amount',
        'Your account does not have enough balance to carry out the transfer operation. You can add funds to your account from your Razorpay dashboard or capture new payments.',
      );
    }
  }

  /**
   * A `pending` transfer; its amount and fees leave the merchant's balance.
   * @param {string} source a payment id, or the merchant's account id for a direct transfer
   * @param {TransferInput} input
   */
  #create(source, input) {
    const { fees, tax } = transferFees(input.amount);
    const id = newId('trf');
    /** @type {Entity} */
    const transfer = {
      id,
      entity: 'transfer',
      status: 'pending',
      source,
      recipient: input.account,
      amount: input.amount,
      currency: input.currency,
      amount_reversed: 0,
      fees,
      tax,
      notes: input.notes,
      linked_account_notes: input.linkedAccountNotes,
      on_hold: input.onHold,
      on_hold_until: input.onHoldUntil,
      settlement_status: null,
      recipient_settlement_id: null,
      created_at: unixNow(),
      processed_at: null,
      error: noError(id),
    };
    this.transfers.set(id, transfer);
    this.ledger.balance -= input.amount + fees;
    return transfer;
  }

  /**
   * Processes a pending transfer: `processed` (the linked account holds its amount, to be settled unless on hold),
   * or `failed` when a fail rule matches (the merchant gets the amount and fees back).
   * @param {Entity} transfer
   * @returns {Processed}
   */
  #process(transfer) {
    const rule = this.failRules.find(
      (candidate) => candidate.account === null || candidate.account === transfer.recipient,
    );
    if (rule) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.failRules = this.failRules.filter((candidate) => candidate !== rule);
      this.ledger.balance += transfer.amount + transfer.fees;
      Object.assign(transfer, {
        status: 'failed',
        fees: 0,
        tax: 0,
        error: {
          ...noError(transfer.id),
          code: 'BAD_REQUEST_ERROR',
          description: 'The transfer to the linked account failed',
          reason: 'transfer_failed',
          step: 'transfer_processing',
          source: 'bank',
        },
      });
      return { transfer: copy(transfer), failed: true };
    }
    const balance = this.accountBalances.get(transfer.recipient) ?? 0;
    this.accountBalances.set(transfer.recipient, balance + transfer.amount);
    Object.assign(transfer, {
      status: 'processed',
      processed_at: unixNow(),
      settlement_status: transfer.on_hold ? 'on_hold' : 'pending',
    });
    return { transfer: copy(transfer), failed: false };
  }

  /**
   * POST /sandbox/transfers/fail_next: the next `times` transfers (to `account` only, when given) fail.
   * @param {{ account?: unknown, times?: unknown }} options
   */
  failNext({ account, times = 1 }) {
    const count = Number(times);
    if (!Number.isInteger(count) || count < 1) throw invalid('times', 'times must be a whole number of at least 1');
    if (!absent(account) && !this.accounts.has(String(account))) {
      throw invalid('account', 'Account ID provided for transfer is invalid');
    }
    this.failRules.push({ account: absent(account) ? null : String(account), remaining: count });
    return this.failRules.map((rule) => ({ ...rule }));
  }

  /**
   * GET /v1/transfers/:id.
   * @param {string} id
   */
  transfer(id) {
    return copy(this.#transfer(id));
  }

  /**
   * GET /v1/payments/:id/transfers: the payment's transfers, oldest first.
   * @param {string} paymentId
   * @param {URLSearchParams} query
   */
  transfersOfPayment(paymentId, query) {
    if (!this.ledger.payments.has(paymentId)) throw unknownId();
    const items = [...this.transfers.values()].filter((transfer) => transfer.source === paymentId);
    return page(items, query, { newestFirst: false, defaultCount: 100 });
  }

  /**
   * GET /v1/transfers: newest first, `recipient_settlement_id` to list a settlement's, `expand[]=recipient_settlement`
   * to embed it. With `X-Razorpay-Account`, only the transfers that linked account received.
   * @param {URLSearchParams} query
   * @param {string | null} viewer a linked account's id, or null for the merchant
   */
  transfersList(query, viewer) {
    const settlementId = query.get('recipient_settlement_id');
    const items = [...this.transfers.values()].filter(
      (transfer) =>
        (!settlementId || transfer.recipient_settlement_id === settlementId) &&
        (!viewer || transfer.recipient === viewer),
    );
    const list = page(items, query);
    if (query.getAll('expand[]').includes('recipient_settlement')) {
      for (const item of list.items) {
        const settlement = item.recipient_settlement_id ? this.settlements.get(item.recipient_settlement_id) : null;
        item.recipient_settlement = settlement ? copy(settlement) : null;
      }
    }
    return list;
  }

  /**
   * PATCH /v1/transfers/:id `{ on_hold, on_hold_until }`: puts the settlement on hold (until a time, or until
   * released) or releases it; refused once the transfer is settled.
   * @param {string} id
   * @param {Record<string, any>} body
   */
  editTransfer(id, body) {
    const transfer = this.#transfer(id);
    only(body, ['on_hold', 'on_hold_until']);
    const onHold = booleanOf(body.on_hold, 'on_hold');
    if (onHold === undefined) throw required('on_hold');
    if (transfer.settlement_status === 'settled') {
      throw new SandboxError(
        400,
        'The hold attributes cannot be modified as the amount has already been settled to your account.',
      );
    }
    if (transfer.status === 'failed')
      throw new SandboxError(400, 'The hold attributes of a failed transfer cannot be modified.');
    const onHoldUntil = onHold ? timeOf(body.on_hold_until, 'on_hold_until') : null;
    Object.assign(transfer, {
      on_hold: onHold,
      on_hold_until: onHoldUntil,
      settlement_status: onHold ? 'on_hold' : 'pending',
    });
    return copy(transfer);
  }

  // ----- reversals -----

  /**
   * POST /v1/transfers/:id/reversals `{ amount?, notes? }`: takes the amount (all that is left by default) back from
   * the linked account to the merchant. The linked account must still hold it: a settled transfer's money has left.
   * @param {string} id
   * @param {Record<string, any>} body
   * @param {string | null} [refundId] the refund that reverses it (a refund's `reverse_all`)
   * @returns {{ reversal: Entity, transfer: Entity }}
   */
  reverse(id, body, refundId = null) {
    const transfer = this.#transfer(id);
    only(body, ['amount', 'notes']);
    if (transfer.status !== 'processed' && transfer.status !== 'partially_reversed' && transfer.status !== 'reversed') {
      throw new SandboxError(400, `A ${transfer.status} transfer cannot be reversed.`);
    }
    const left = transfer.amount - transfer.amount_reversed;
    const amount = absent(body.amount) ? left : positiveAmount(body.amount);
    if (amount > transfer.amount)
      throw invalid('amount', 'The reversal amount provided is greater than amount transferred');
    if (amount > left || amount === 0) {
      throw invalid('amount', 'The reversal amount provided is greater than the amount not reversed');
    }
    const notes = notesOf(body.notes);
    const held = this.accountBalances.get(transfer.recipient) ?? 0;
    if (amount > held)
      throw invalid('amount', 'The linked account does not have sufficient balance to process a reversal.');
    this.accountBalances.set(transfer.recipient, held - amount);
    this.ledger.balance += amount;
    transfer.amount_reversed += amount;
    transfer.status = transfer.amount_reversed === transfer.amount ? 'reversed' : 'partially_reversed';
    /** @type {Entity} */
    const reversal = {
      id: newId('rvrsl'),
      entity: 'reversal',
      transfer_id: transfer.id,
      amount,
      fee: 0,
      tax: 0,
      currency: transfer.currency,
      notes,
      initiator_id: MERCHANT_ACCOUNT_ID.slice('acc_'.length),
      customer_refund_id: refundId,
      utr: null,
      created_at: unixNow(),
    };
    this.reversals.set(reversal.id, reversal);
    return { reversal: copy(reversal), transfer: copy(transfer) };
  }

  /**
   * GET /v1/transfers/:id/reversals: a collection, oldest first.
   * @param {string} id
   */
  reversalsOf(id) {
    this.#transfer(id);
    const items = [...this.reversals.values()].filter((reversal) => reversal.transfer_id === id);
    return { entity: 'collection', count: items.length, items: items.map(copy) };
  }

  /**
   * What a refund with `reverse_all` will reverse: every transfer of the payment with money left on it. Throws, before
   * anything is refunded, when a linked account no longer holds what it would give back.
   * @param {string} paymentId
   */
  checkReverseAll(paymentId) {
    const needed = new Map();
    for (const transfer of this.#reversible(paymentId)) {
      needed.set(
        transfer.recipient,
        (needed.get(transfer.recipient) ?? 0) + transfer.amount - transfer.amount_reversed,
      );
    }
    for (const [account, amount] of needed) {
      if (amount > (this.accountBalances.get(account) ?? 0)) {
        throw invalid('reverse_all', 'The linked account does not have sufficient balance to process a reversal.');
      }
    }
  }

  /**
   * A refund's `reverse_all`: reverses what is left of each of the payment's transfers, naming the refund.
   * @param {string} paymentId
   * @param {string} refundId
   */
  reverseAll(paymentId, refundId) {
    return this.#reversible(paymentId).map((transfer) => this.reverse(transfer.id, {}, refundId));
  }

  /** @param {string} paymentId */
  #reversible(paymentId) {
    return [...this.transfers.values()].filter(
      (transfer) =>
        transfer.source === paymentId &&
        (transfer.status === 'processed' || transfer.status === 'partially_reversed') &&
        transfer.amount > transfer.amount_reversed,
    );
  }

  // ----- settlements -----

  /**
   * The settlement run: every processed transfer not on hold (or whose hold has passed) and not yet settled is paid
   * out to its linked account's bank, one settlement per linked account, for what is left of the transfers after
   * their reversals; the transfers get its id. With `merchant`, the merchant's balance is settled too.
   * @param {{ merchant?: boolean }} [options]
   * @returns {Settled[]}
   */
  settle({ merchant = false } = {}) {
    const now = unixNow();
    /** @type {Map<string, Entity[]>} */
    const due = new Map();
    for (const transfer of this.transfers.values()) {
      const released = !transfer.on_hold || (transfer.on_hold_until !== null && transfer.on_hold_until <= now);
      const settleable =
        (transfer.status === 'processed' || transfer.status === 'partially_reversed') &&
        transfer.recipient_settlement_id === null &&
        transfer.amount > transfer.amount_reversed;
      if (released && settleable) due.set(transfer.recipient, [...(due.get(transfer.recipient) ?? []), transfer]);
    }
    /** @type {Settled[]} */
    const made = [];
    for (const [account, transfers] of due) {
      const amount = transfers.reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
      const settlement = this.#settlement(amount, account);
      this.accountBalances.set(account, (this.accountBalances.get(account) ?? 0) - amount);
      for (const transfer of transfers) {
        Object.assign(transfer, { recipient_settlement_id: settlement.id, settlement_status: 'settled' });
      }
      made.push({ settlement: copy(settlement), owner: account, transfers: transfers.map((transfer) => transfer.id) });
    }
    if (merchant && this.ledger.balance > 0) {
      const settlement = this.#settlement(this.ledger.balance, MERCHANT_ACCOUNT_ID);
      this.ledger.balance = 0;
      made.push({ settlement: copy(settlement), owner: MERCHANT_ACCOUNT_ID, transfers: [] });
    }
    return made;
  }

  /**
   * @param {number} amount
   * @param {string} owner
   */
  #settlement(amount, owner) {
    /** @type {Entity} */
    const settlement = {
      id: newId('setl'),
      entity: 'settlement',
      amount,
      status: 'processed',
      fees: 0,
      tax: 0,
      utr: newUtr(),
      created_at: unixNow(),
    };
    this.settlements.set(settlement.id, settlement);
    this.#ownerOfSettlement.set(settlement.id, owner);
    return settlement;
  }

  /**
   * GET /v1/settlements: the merchant's own settlements, or with `X-Razorpay-Account` a linked account's.
   * @param {URLSearchParams} query
   * @param {string | null} viewer
   */
  settlementsList(query, viewer) {
    const owner = viewer ?? MERCHANT_ACCOUNT_ID;
    const items = [...this.settlements.values()].filter(
      (settlement) => this.#ownerOfSettlement.get(settlement.id) === owner,
    );
    return page(items, query);
  }

  /**
   * GET /v1/settlements/:id, of the merchant or of the `X-Razorpay-Account` linked account.
   * @param {string} id
   * @param {string | null} viewer
   */
  settlement(id, viewer) {
    const settlement = this.settlements.get(id);
    if (!settlement || this.#ownerOfSettlement.get(id) !== (viewer ?? MERCHANT_ACCOUNT_ID)) throw unknownId();
    return copy(settlement);
  }

  /**
   * The linked account an `X-Razorpay-Account` header names (null without one).
   * @param {string | string[] | undefined} header
   */
  viewer(header) {
    const id = Array.isArray(header) ? header[0] : header;
    if (!id) return null;
    if (!this.accounts.has(id)) {
      throw new SandboxError(401, 'The Account ID provided is invalid', { source: 'NA', step: 'NA', reason: 'NA' });
    }
    return id;
  }

  // ----- lookups -----

  /** @param {string} id */
  #account(id) {
    const account = this.accounts.get(id);
    if (!account) throw unknownId();
    return account;
  }

  /**
   * The account of a stakeholder or product call: Razorpay's own error when there is none.
   * @param {string} id
   */
  #linkedAccount(id) {
    const account = this.accounts.get(id);
    if (!account) {
      throw new SandboxError(400, 'Linked account does not exist', {
        source: '',
        step: '',
        reason: 'linked_account_id_does_not_exist',
      });
    }
    return account;
  }

  /**
   * @param {string} accountId
   * @param {string} id
   */
  #stakeholder(accountId, id) {
    this.#linkedAccount(accountId);
    const stakeholder = this.stakeholders.get(id);
    if (!stakeholder || this.#accountOfStakeholder.get(id) !== accountId) throw unknownId();
    return stakeholder;
  }

  /**
   * @param {string} accountId
   * @param {string} id
   */
  #product(accountId, id) {
    this.#linkedAccount(accountId);
    const product = this.products.get(id);
    if (!product || product.account_id !== accountId) throw unknownId();
    return product;
  }

  /** @param {string} id */
  #transfer(id) {
    const transfer = this.transfers.get(id);
    if (!transfer) throw unknownId();
    return transfer;
  }
}

/**
 * The fields of a linked account, checked with Razorpay's rules and messages.
 * @param {Record<string, any>} input
 */
function checkAccount(input) {
  const email = /** @type {string} */ (emailOf(input.email, 'email', true));
  const phone = phoneOf(input.phone, 'phone', { required: true, min: 8, max: 15 });
  if (absent(input.type)) throw required('type');
  if (input.type !== 'route') throw invalid('type', `Invalid type: ${String(input.type)}`);
  const legalBusinessName = text(input.legal_business_name, 'legal_business_name', {
    required: true,
    min: 4,
    max: 200,
  });
  const customerFacing = text(input.customer_facing_business_name, 'customer_facing_business_name', { max: 255 });
  if (absent(input.business_type)) throw required('business_type');
  if (!BUSINESS_TYPES.includes(input.business_type)) {
    throw invalid('business_type', 'The selected business type is invalid.');
  }
  const contactName = text(input.contact_name, 'contact_name', { required: true, min: 4, max: 255 });
  if (!/^[A-Za-z ]+$/.test(contactName ?? '')) {
    throw invalid('contact_name', 'The contact name may only contain alphabets and spaces');
  }
  const profile = /** @type {Record<string, any>} */ (objectOf(input.profile, 'profile', true));
  only(profile, ['category', 'subcategory', 'addresses', 'business_model', 'description']);
  const addresses = /** @type {Record<string, any>} */ (objectOf(profile.addresses, 'profile.addresses', true));
  only(addresses, ['registered', 'operation']);
  const registered = businessAddressOf(addresses.registered, 'profile.addresses.registered', true);
  const operation = businessAddressOf(addresses.operation, 'profile.addresses.operation', false);
  const legalInfo = objectOf(input.legal_info, 'legal_info', false);
  if (legalInfo) {
    only(legalInfo, ['pan', 'gst', 'cin']);
    if (!absent(legalInfo.pan) && !/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(String(legalInfo.pan))) {
      throw invalid('legal_info.pan', 'The pan field is invalid.');
    }
    if (!absent(legalInfo.gst) && !/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(String(legalInfo.gst))) {
      throw invalid('legal_info.gst', 'The gst field is invalid.');
    }
  }
  return {
    email,
    phone,
    legal_business_name: legalBusinessName,
    customer_facing_business_name: customerFacing ?? legalBusinessName,
    business_type: input.business_type,
    contact_name: contactName,
    reference_id: text(input.reference_id, 'reference_id', { max: 512 }),
    profile: {
      category: text(profile.category, 'profile.category', { required: true, max: 255 }),
      subcategory: text(profile.subcategory, 'profile.subcategory', { required: true, max: 255 }),
      ...(absent(profile.business_model)
        ? {}
        : { business_model: text(profile.business_model, 'profile.business_model', { max: 255 }) }),
      ...(absent(profile.description) ? {} : { description: text(profile.description, 'profile.description') }),
      addresses: { registered, ...(operation ? { operation } : {}) },
    },
    legal_info: legalInfo ? { ...legalInfo } : {},
    notes: notesOf(input.notes),
    ...optionalObjects(input, ['contact_info', 'apps', 'brand']),
  };
}

/**
 * The fields of a stakeholder, checked.
 * @param {Record<string, any>} input
 * @param {{ creating: boolean }} options
 */
function checkStakeholder(input, { creating }) {
  only(input, ['name', 'email', 'phone', 'kyc', 'relationship', 'percentage_ownership', 'addresses', 'notes']);
  const fields = /** @type {Record<string, any>} */ ({
    name: text(input.name, 'name', { required: true, max: 255 }),
    email: emailOf(input.email, 'email', creating),
    notes: notesOf(input.notes),
  });
  const phone = objectOf(input.phone, 'phone', false);
  if (phone) {
    only(phone, ['primary', 'secondary']);
    fields.phone = {
      primary: phoneOf(phone.primary, 'phone.primary', { min: 8, max: 11 }),
      ...(absent(phone.secondary)
        ? {}
        : { secondary: phoneOf(phone.secondary, 'phone.secondary', { min: 8, max: 11 }) }),
    };
  }
  const kyc = objectOf(input.kyc, 'kyc', false);
  if (kyc) {
    only(kyc, ['pan']);
    if (!absent(kyc.pan) && !/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(String(kyc.pan))) {
      throw invalid('kyc.pan', 'The pan field is invalid.');
    }
    fields.kyc = { pan: kyc.pan ?? null };
  }
  const relationship = objectOf(input.relationship, 'relationship', false);
  if (relationship) {
    only(relationship, ['director', 'executive']);
    fields.relationship = {};
    for (const key of ['director', 'executive']) {
      const value = booleanOf(relationship[key], `relationship.${key}`);
      if (value !== undefined) fields.relationship[key] = value;
    }
  }
  if (!absent(input.percentage_ownership)) {
    const share = Number(input.percentage_ownership);
    if (!Number.isFinite(share) || share < 0 || share > 100 || Math.round(share * 100) !== share * 100) {
      throw invalid(
        'percentage_ownership',
        'The percentage ownership must be a number from 0 to 100 with at most two decimals.',
      );
    }
    fields.percentage_ownership = share;
  }
  const addresses = objectOf(input.addresses, 'addresses', false);
  if (addresses) {
    only(addresses, ['residential']);
    const residential = objectOf(addresses.residential, 'addresses.residential', true) ?? {};
    only(residential, ['street', 'city', 'state', 'postal_code', 'country']);
    const path = 'addresses.residential';
    fields.addresses = {
      residential: {
        street: text(residential.street, `${path}.street`, { required: true, max: 255 }),
        city: text(residential.city, `${path}.city`, { required: true, max: 100 }),
        state: stateOf(residential.state, `${path}.state`),
        postal_code: postalCodeOf(residential.postal_code, `${path}.postal_code`),
        country: text(residential.country, `${path}.country`, { required: true, min: 2, max: 64 }),
      },
    };
  }
  return fields;
}

/**
 * The objects among `keys` that `input` has, copied.
 * @param {Record<string, any>} input
 * @param {string[]} keys
 */
function optionalObjects(input, keys) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const key of keys) {
    const value = objectOf(input[key], key, false);
    if (value) out[key] = structuredClone(value);
  }
  return out;
}

/**
 * `entity` with its keys in `order` (those it has), then any others.
 * @param {Entity} entity
 * @param {string[]} order
 * @returns {Entity}
 */
function pick(entity, order) {
  /** @type {Entity} */
  const out = {};
  for (const key of order) if (key in entity) out[key] = entity[key];
  for (const key of Object.keys(entity)) if (!(key in out)) out[key] = entity[key];
  return out;
}

/**
 * A positive integer amount in paise (a reversal may be less than Rs 1).
 * @param {unknown} value
 */
function positiveAmount(value) {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount))
    throw invalid('amount', 'The amount must be an integer.');
  if (amount < 1) throw invalid('amount', 'The amount must be at least 1.');
  return amount;
}
