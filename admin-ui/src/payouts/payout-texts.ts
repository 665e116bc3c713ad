import {
  ADJUSTMENT_LIMITS,
  ADJUSTMENT_MESSAGES,
  PAYOUT_SETTLE_AFTER_HOURS,
  PAYOUT_SETTLE_AFTER_LIMITS,
  RECONCILIATION_MESSAGES,
  RECONCILIATION_PERIOD,
  SELLER_DASHBOARD_MESSAGES,
  formatRupees,
  rupeesToPaise,
  type LedgerAccount,
  type LedgerKind,
  type PayoutStatus,
  type ReconciliationMismatchKind,
} from '@mandi/domain';
import { useCallback } from 'react';
import { HttpError, useStore } from 'react-admin';
import { formatIndiaTime } from '../layout/format';

/*
 * The words of the console's Payouts page, in English and Hindi: the page is read by the staff who pay sellers, some
 * of whom read Hindi more easily (issue 32). The rest of the console stays in English (docs/i18n.md); the language is
 * chosen on this page and remembered in the console's store. The server's refusals are shown in the language chosen
 * where they are known here (`SERVER_TEXTS`), else as the server gave them.
 */

/** A language of the Payouts page. */
export type PayoutLanguage = 'en' | 'hi';
/** The store key of the language chosen. */
export const PAYOUT_LANGUAGE_KEY = 'payouts.language';

const MAX_ADJUSTMENT = formatRupees(ADJUSTMENT_LIMITS.maxPaise);
const DEFAULT_HOURS = PAYOUT_SETTLE_AFTER_HOURS;
const { minHours, maxHours } = PAYOUT_SETTLE_AFTER_LIMITS;

const en = {
  title: 'Payouts',
  lead: "Each seller's share of each order, on its way to their bank through Razorpay Route: what is due and held, transfers that failed, each seller's ledger, and the reconciliation of the books with Razorpay.",
  auditNote: 'Every change is recorded in the',
  auditLink: 'audit trail',
  language: 'Language',
  tabs: 'Payouts and reconciliation',
  tabList: 'Payouts',
  tabReconciliation: 'Reconciliation',

  summary: 'What wants attention',
  figures: {
    due: { label: 'Due', detail: 'Being released to sellers' },
    held: { label: 'Held', detail: 'Delivered; the settle-after period runs' },
    pending: { label: 'Pending', detail: 'Not delivered yet' },
    failed: { label: 'Failed', detail: 'Transfers to retry' },
    awaiting_account: { label: 'Awaiting an account', detail: 'No active Route account yet' },
  },
  payoutCount: (count: number) => (count === 1 ? '1 payout' : `${count} payouts`),

  status: 'Status',
  allStatuses: 'All statuses',
  statuses: {
    awaiting_account: 'Awaiting account',
    to_transfer: 'To transfer',
    on_hold: 'On hold',
    scheduled: 'Scheduled',
    to_release: 'Releasing',
    released: 'Released',
    settled: 'Settled',
    to_reverse: 'Reversing',
    reversed: 'Reversed',
    cancelled: 'Cancelled',
    failed: 'Failed',
  } satisfies Record<PayoutStatus, string>,
  sellerOnly: (name: string) => `Seller: ${name}`,
  everySeller: 'Every seller',
  findSeller: "Seller's uid",
  findSellerHint: "Open a seller's ledger by their account uid",
  openLedger: 'Open ledger',
  uidMissing: "Enter the seller's uid.",

  list: 'Payouts',
  listCaption: 'Newest first, 20 a page.',
  columns: {
    payout: 'Payout',
    order: 'Order',
    seller: 'Seller',
    amount: 'Amount',
    method: 'Method',
    status: 'Status',
    transfer: 'Transfer',
    progress: 'Progress (IST)',
    actions: 'Actions',
  },
  methods: { payment_transfer: 'From the payment', direct_transfer: 'Direct (COD)' },
  attempts: (count: number) => (count === 1 ? '1 attempt' : `${count} attempts`),
  created: 'Created',
  transferred: 'Transferred',
  released: 'Released',
  settled: 'Settled',
  utr: 'UTR',
  noTransfer: 'No transfer yet',
  sellerLedgerOf: (name: string) => `${name}'s ledger`,
  orderLink: (id: string) => `Order #${id}`,
  empty: 'No payouts yet',
  emptyText: 'Each seller is paid their share of each document once it is issued; their payouts appear here.',
  emptyFiltered: 'No payout is in this state.',
  loading: 'Loading the payouts',
  fetchFailed: 'Could not load the payouts',
  tryAgain: 'Try again',
  pages: 'Pages of payouts',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',

  retry: 'Retry',
  retryLabel: (id: string) => `Retry payout ${id}`,
  retryTitle: (id: string) => `Retry payout ${id}?`,
  retryText: (amount: string, seller: string) =>
    `${amount} to ${seller} goes back to be transferred: from the buyer's payment (held until it is due), or for cash on delivery directly from Mandi's balance when it is due. The worker makes the transfer shortly; the retry is recorded in the audit trail.`,
  retryConfirm: 'Retry transfer',
  cancel: 'Cancel',
  retried: (id: string) => `Payout ${id} is on its way again.`,
  retryFailed: 'Could not retry the payout. Try again.',

  allPayouts: 'All payouts',
  ledgerTitle: (name: string) => `${name}'s ledger`,
  ledgerLoading: 'Loading the ledger',
  ledgerFailed: 'Could not load the ledger',
  theirPayouts: 'Their payouts',
  balance: 'Balance',
  owed: 'What Mandi owes the seller',
  owes: 'The seller owes Mandi',
  routeAccount: 'Route account',
  noRouteAccount: "None yet: Razorpay's linked account is made once the seller's business profile is approved.",
  accountStates: { creating: 'Being set up', activated: 'Active', failed: 'Could not be set up' },
  settleAfter: 'Settle-after period',
  hoursValue: (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`),
  settleAfterDefault: `After delivery: Mandi's default`,
  settleAfterOwn: "After delivery: this seller's own period",
  change: 'Change',
  settleTitle: 'Settle-after period',
  settleText: `How long after delivery this seller's money stays held before it is released, for the buyer to report a problem with what arrived. Leave it empty for Mandi's default of ${DEFAULT_HOURS} hours. Payouts already due are not held again.`,
  hours: 'Hours',
  hoursHint: `${minHours} to ${maxHours} whole hours; empty for the default`,
  hoursInvalid: ADJUSTMENT_MESSAGES.settleAfterInvalid as string,
  save: 'Save',
  settleSaved: (name: string, hours: number | null) =>
    hours === null
      ? `${name}'s money is held for Mandi's default of ${DEFAULT_HOURS} hours after delivery.`
      : `${name}'s money is held ${hours} ${hours === 1 ? 'hour' : 'hours'} after delivery.`,
  saveFailed: 'Could not save. Try again.',

  adjust: 'Adjust balance',
  adjustTitle: (name: string) => `Adjust ${name}'s balance`,
  adjustText:
    "Records a correction in the books: a positive amount is more that Mandi owes the seller, a negative one less. It moves no money by itself; the seller's next payouts and statements carry it. The adjustment, its reason and your name are kept in the ledger and the audit trail.",
  amount: 'Amount',
  amountHint: `Not zero, at most ${MAX_ADJUSTMENT} either way; negative to reduce`,
  amountNotNumber: 'Enter the amount in rupees, such as 250 or -99.50.',
  reason: 'Reason',
  reasonMissing: ADJUSTMENT_MESSAGES.reasonRequired as string,
  reasonCount: (count: number) => `${count}/${ADJUSTMENT_LIMITS.reasonMax}`,
  book: 'Book adjustment',
  adjusted: (amount: string, name: string, balance: string) => `${amount} booked for ${name}. Balance: ${balance}.`,
  adjustFailed: 'Could not book the adjustment. Try again.',

  transactions: 'Transactions',
  transactionsCaption: 'Newest first: every entry of each, debits positive and credits negative.',
  noTransactions: 'Nothing in the ledger yet for this seller.',
  txColumns: { when: 'When (IST)', kind: 'Kind', reference: 'Reference', entries: 'Entries' },
  kinds: {
    receipt: 'Receipt',
    sale: 'Sale',
    sale_reversal: 'Sale reversed',
    refund: 'Refund',
    payout: 'Paid out',
    payout_reversal: 'Payout reversed',
    adjustment: 'Adjustment',
  } satisfies Record<LedgerKind, string>,
  accounts: {
    razorpay_balance: 'Razorpay balance',
    cod_cash: 'Cash on delivery',
    seller_payable: 'Owed to the seller',
    commission_revenue: 'Commission',
    commission_gst: 'GST on commission',
    tcs_payable: 'TCS',
    tds_payable: 'TDS',
    mandi_sales: "Mandi's sales",
    mandi_output_gst: "GST on Mandi's sales",
    buyer_funds: "Buyers' money",
    adjustments: 'Adjustments',
    network_receivable: 'Owed by ONDC buyer apps',
    finder_fees: 'ONDC finder fees',
  } satisfies Record<LedgerAccount, string>,
  by: (admin: string) => `by ${admin}`,

  reconciliation: 'Reconciliation with Razorpay',
  reconciliationLead: `Every transfer Razorpay made in the period, compared with the payout that asked for it and with the ledger. Up to ${RECONCILIATION_PERIOD.maxDays} days; the last ${RECONCILIATION_PERIOD.defaultDays} when no period is given. A long period takes a while: Razorpay lists 100 transfers a call.`,
  from: 'From',
  to: 'To',
  run: 'Run',
  running: 'Reconciling…',
  notRun: 'Choose a period and press Run.',
  checked: (time: string, from: string, to: string) => `Checked ${time}, for ${from} to ${to}.`,
  transfersChecked: 'Razorpay transfers',
  payoutsChecked: 'Payouts compared',
  matched: 'Matched',
  allMatch: 'Every transfer matches the books.',
  mismatchesFound: (count: number) => (count === 1 ? '1 mismatch' : `${count} mismatches`),
  mismatchesListed: (shown: number, total: number) => `The first ${shown} of ${total} mismatches are listed.`,
  mismatchColumns: {
    kind: 'What differs',
    payout: 'Payout',
    transfer: 'Transfer',
    mandi: 'Mandi',
    razorpay: 'Razorpay',
  },
  mismatchKinds: {
    missing_in_mandi: "Not in Mandi's books",
    missing_at_razorpay: 'Not at Razorpay',
    amount_differs: 'Amount differs',
    hold_differs: 'Hold differs',
    reversal_differs: 'Reversal differs',
    ledger_differs: 'Ledger differs',
  } satisfies Record<ReconciliationMismatchKind, string>,
  runFailed: 'Could not reconcile. Try again.',
  none: '—',
};

/** The texts of the Payouts page, one language's. */
export type PayoutTexts = typeof en;

const hi: PayoutTexts = {
  title: 'भुगतान',
  lead: 'हर ऑर्डर में हर विक्रेता का हिस्सा, Razorpay Route से उनके बैंक की ओर: क्या देय है और क्या रोका गया है, कौन से ट्रांसफ़र नहीं हो सके, हर विक्रेता का खाता-बही, और खातों का Razorpay से मिलान।',
  auditNote: 'हर बदलाव दर्ज होता है:',
  auditLink: 'ऑडिट ट्रेल',
  language: 'भाषा',
  tabs: 'भुगतान और मिलान',
  tabList: 'भुगतान',
  tabReconciliation: 'मिलान',

  summary: 'जिन पर ध्यान देना है',
  figures: {
    due: { label: 'देय', detail: 'विक्रेताओं के लिए जारी हो रहे हैं' },
    held: { label: 'रोका गया', detail: 'डिलीवर हो गया; रोक की अवधि चल रही है' },
    pending: { label: 'बाकी', detail: 'अभी डिलीवर नहीं हुआ' },
    failed: { label: 'नहीं हो सके', detail: 'फिर से भेजने वाले ट्रांसफ़र' },
    awaiting_account: { label: 'खाते का इंतज़ार', detail: 'अभी कोई चालू Route खाता नहीं' },
  },
  payoutCount: (count: number) => `${count} भुगतान`,

  status: 'स्थिति',
  allStatuses: 'सभी स्थितियाँ',
  statuses: {
    awaiting_account: 'खाते का इंतज़ार',
    to_transfer: 'ट्रांसफ़र होना है',
    on_hold: 'रोका गया',
    scheduled: 'तय है',
    to_release: 'जारी हो रहा है',
    released: 'जारी',
    settled: 'सेटल हो गया',
    to_reverse: 'वापस लिया जा रहा है',
    reversed: 'वापस लिया गया',
    cancelled: 'रद्द',
    failed: 'नहीं हो सका',
  },
  sellerOnly: (name: string) => `विक्रेता: ${name}`,
  everySeller: 'सभी विक्रेता',
  findSeller: 'विक्रेता का uid',
  findSellerHint: 'विक्रेता के खाते के uid से उनका खाता-बही खोलें',
  openLedger: 'खाता-बही खोलें',
  uidMissing: 'विक्रेता का uid लिखें।',

  list: 'भुगतान',
  listCaption: 'सबसे नए पहले, एक पेज पर 20।',
  columns: {
    payout: 'भुगतान',
    order: 'ऑर्डर',
    seller: 'विक्रेता',
    amount: 'राशि',
    method: 'तरीका',
    status: 'स्थिति',
    transfer: 'ट्रांसफ़र',
    progress: 'प्रगति (IST)',
    actions: 'कार्रवाई',
  },
  methods: { payment_transfer: 'भुगतान से', direct_transfer: 'सीधे (COD)' },
  attempts: (count: number) => `${count} कोशिश`,
  created: 'बना',
  transferred: 'ट्रांसफ़र हुआ',
  released: 'जारी',
  settled: 'सेटल',
  utr: 'UTR',
  noTransfer: 'अभी कोई ट्रांसफ़र नहीं',
  sellerLedgerOf: (name: string) => `${name} का खाता-बही`,
  orderLink: (id: string) => `ऑर्डर #${id}`,
  empty: 'अभी कोई भुगतान नहीं',
  emptyText: 'हर दस्तावेज़ जारी होने पर हर विक्रेता को उसका हिस्सा दिया जाता है; उनके भुगतान यहाँ दिखते हैं।',
  emptyFiltered: 'इस स्थिति में कोई भुगतान नहीं है।',
  loading: 'भुगतान लोड हो रहे हैं',
  fetchFailed: 'भुगतान लोड नहीं हो सके',
  tryAgain: 'फिर कोशिश करें',
  pages: 'भुगतानों के पेज',
  page: (page: number, pages: number) => `${pages} में से पेज ${page}`,
  previous: 'पिछला',
  next: 'अगला',

  retry: 'फिर भेजें',
  retryLabel: (id: string) => `भुगतान ${id} फिर भेजें`,
  retryTitle: (id: string) => `भुगतान ${id} फिर भेजें?`,
  retryText: (amount: string, seller: string) =>
    `${seller} को ${amount} फिर से ट्रांसफ़र के लिए जाएगा: खरीदार के भुगतान से (देय होने तक रोका हुआ), या कैश ऑन डिलीवरी में देय होने पर सीधे मंडी के बैलेंस से। वर्कर जल्द ही ट्रांसफ़र करेगा; यह कार्रवाई ऑडिट ट्रेल में दर्ज होती है।`,
  retryConfirm: 'ट्रांसफ़र फिर भेजें',
  cancel: 'रद्द करें',
  retried: (id: string) => `भुगतान ${id} फिर से भेजा जा रहा है।`,
  retryFailed: 'भुगतान फिर नहीं भेजा जा सका। फिर कोशिश करें।',

  allPayouts: 'सभी भुगतान',
  ledgerTitle: (name: string) => `${name} का खाता-बही`,
  ledgerLoading: 'खाता-बही लोड हो रहा है',
  ledgerFailed: 'खाता-बही लोड नहीं हो सका',
  theirPayouts: 'उनके भुगतान',
  balance: 'बैलेंस',
  owed: 'मंडी पर विक्रेता का बकाया',
  owes: 'विक्रेता पर मंडी का बकाया',
  routeAccount: 'Route खाता',
  noRouteAccount: 'अभी नहीं: विक्रेता की व्यवसाय की प्रोफ़ाइल मंज़ूर होने पर Razorpay का लिंक्ड खाता बनता है।',
  accountStates: { creating: 'बन रहा है', activated: 'चालू', failed: 'नहीं बन सका' },
  settleAfter: 'रोक की अवधि',
  hoursValue: (hours: number) => `${hours} घंटे`,
  settleAfterDefault: 'डिलीवरी के बाद: मंडी की सामान्य अवधि',
  settleAfterOwn: 'डिलीवरी के बाद: इस विक्रेता की अपनी अवधि',
  change: 'बदलें',
  settleTitle: 'रोक की अवधि',
  settleText: `डिलीवरी के बाद इस विक्रेता का पैसा कितनी देर रोका जाए, ताकि खरीदार पहुँचे सामान में कोई समस्या बता सके। मंडी की ${DEFAULT_HOURS} घंटे की सामान्य अवधि के लिए खाली छोड़ें। जो भुगतान देय हो चुके हैं, वे फिर से नहीं रोके जाते।`,
  hours: 'घंटे',
  hoursHint: `${minHours} से ${maxHours} पूरे घंटे; सामान्य अवधि के लिए खाली`,
  hoursInvalid: `रोक की अवधि ${minHours} से ${maxHours} तक पूरे घंटों में हो, या मंडी के ${DEFAULT_HOURS} घंटों के लिए खाली।`,
  save: 'सेव करें',
  settleSaved: (name: string, hours: number | null) =>
    hours === null
      ? `${name} का पैसा डिलीवरी के बाद मंडी की सामान्य अवधि, ${DEFAULT_HOURS} घंटे, तक रोका जाएगा।`
      : `${name} का पैसा डिलीवरी के ${hours} घंटे बाद तक रोका जाएगा।`,
  saveFailed: 'सेव नहीं हो सका। फिर कोशिश करें।',

  adjust: 'बैलेंस समायोजित करें',
  adjustTitle: (name: string) => `${name} का बैलेंस समायोजित करें`,
  adjustText:
    'खातों में एक सुधार दर्ज करता है: धनात्मक राशि यानी मंडी पर विक्रेता का बकाया बढ़ता है, ऋणात्मक यानी घटता है। इससे अपने आप कोई पैसा नहीं जाता; विक्रेता के अगले भुगतान और स्टेटमेंट इसे शामिल करते हैं। समायोजन, उसका कारण और आपका नाम खाता-बही और ऑडिट ट्रेल में रहते हैं।',
  amount: 'राशि',
  amountHint: `शून्य नहीं, किसी भी ओर अधिकतम ${MAX_ADJUSTMENT}; घटाने के लिए ऋणात्मक`,
  amountNotNumber: 'राशि रुपयों में लिखें, जैसे 250 या -99.50।',
  reason: 'कारण',
  reasonMissing: 'बताएँ कि बैलेंस क्यों समायोजित हो रहा है।',
  reasonCount: (count: number) => `${count}/${ADJUSTMENT_LIMITS.reasonMax}`,
  book: 'समायोजन दर्ज करें',
  adjusted: (amount: string, name: string, balance: string) => `${name} के लिए ${amount} दर्ज हुआ। बैलेंस: ${balance}।`,
  adjustFailed: 'समायोजन दर्ज नहीं हो सका। फिर कोशिश करें।',

  transactions: 'लेन-देन',
  transactionsCaption: 'सबसे नए पहले: हर लेन-देन की हर प्रविष्टि, डेबिट धनात्मक और क्रेडिट ऋणात्मक।',
  noTransactions: 'इस विक्रेता के लिए खाता-बही में अभी कुछ नहीं है।',
  txColumns: { when: 'कब (IST)', kind: 'प्रकार', reference: 'संदर्भ', entries: 'प्रविष्टियाँ' },
  kinds: {
    receipt: 'प्राप्ति',
    sale: 'बिक्री',
    sale_reversal: 'बिक्री वापस',
    refund: 'रिफ़ंड',
    payout: 'भुगतान हुआ',
    payout_reversal: 'भुगतान वापस',
    adjustment: 'समायोजन',
  },
  accounts: {
    razorpay_balance: 'Razorpay बैलेंस',
    cod_cash: 'कैश ऑन डिलीवरी',
    seller_payable: 'विक्रेता का बकाया',
    commission_revenue: 'कमीशन',
    commission_gst: 'कमीशन पर GST',
    tcs_payable: 'TCS',
    tds_payable: 'TDS',
    mandi_sales: 'मंडी की बिक्री',
    mandi_output_gst: 'मंडी की बिक्री पर GST',
    buyer_funds: 'खरीदारों का पैसा',
    adjustments: 'समायोजन',
    network_receivable: 'ONDC खरीदार ऐप्स से बकाया',
    finder_fees: 'ONDC फ़ाइंडर शुल्क',
  },
  by: (admin: string) => `${admin} द्वारा`,

  reconciliation: 'Razorpay से मिलान',
  reconciliationLead: `अवधि में Razorpay के किए हर ट्रांसफ़र की तुलना उसे माँगने वाले भुगतान और खाता-बही से। अधिकतम ${RECONCILIATION_PERIOD.maxDays} दिन; अवधि न दें तो पिछले ${RECONCILIATION_PERIOD.defaultDays} दिन। लंबी अवधि में समय लगता है: Razorpay एक बार में 100 ट्रांसफ़र बताता है।`,
  from: 'से',
  to: 'तक',
  run: 'चलाएँ',
  running: 'मिलान हो रहा है…',
  notRun: 'अवधि चुनें और चलाएँ दबाएँ।',
  checked: (time: string, from: string, to: string) => `${from} से ${to} तक की जाँच, ${time}।`,
  transfersChecked: 'Razorpay ट्रांसफ़र',
  payoutsChecked: 'जाँचे गए भुगतान',
  matched: 'मेल खाए',
  allMatch: 'हर ट्रांसफ़र खातों से मेल खाता है।',
  mismatchesFound: (count: number) => `${count} अंतर`,
  mismatchesListed: (shown: number, total: number) => `${total} में से पहले ${shown} अंतर दिखाए गए हैं।`,
  mismatchColumns: { kind: 'क्या अलग है', payout: 'भुगतान', transfer: 'ट्रांसफ़र', mandi: 'मंडी', razorpay: 'Razorpay' },
  mismatchKinds: {
    missing_in_mandi: 'मंडी के खातों में नहीं',
    missing_at_razorpay: 'Razorpay पर नहीं',
    amount_differs: 'राशि अलग',
    hold_differs: 'रोक अलग',
    reversal_differs: 'वापसी अलग',
    ledger_differs: 'खाता-बही अलग',
  },
  runFailed: 'मिलान नहीं हो सका। फिर कोशिश करें।',
  none: '—',
};

/** The texts of each language. */
export const PAYOUT_TEXTS: Record<PayoutLanguage, PayoutTexts> = { en, hi };

/** The server's refusals this page meets, in Hindi (the English is the server's own). */
const SERVER_TEXTS_HI: Readonly<Record<string, string>> = {
  [ADJUSTMENT_MESSAGES.amountInvalid]: `राशि रुपये और पैसे में हो, शून्य नहीं, और किसी भी ओर अधिकतम ${MAX_ADJUSTMENT}।`,
  [ADJUSTMENT_MESSAGES.reasonRequired]: 'बताएँ कि बैलेंस क्यों समायोजित हो रहा है।',
  [ADJUSTMENT_MESSAGES.reasonTooLong]: `कारण अधिकतम ${ADJUSTMENT_LIMITS.reasonMax} अक्षरों का हो सकता है।`,
  [ADJUSTMENT_MESSAGES.settleAfterInvalid]: hi.hoursInvalid,
  [ADJUSTMENT_MESSAGES.payoutNotFound]: 'भुगतान नहीं मिला।',
  [ADJUSTMENT_MESSAGES.onlyFailedRetried]: 'सिर्फ़ वही भुगतान फिर भेजा जा सकता है जो नहीं हो सका।',
  [SELLER_DASHBOARD_MESSAGES.sellerNotFound]: 'विक्रेता नहीं मिला।',
  [RECONCILIATION_MESSAGES.fromInvalid]: '"से" की तारीख़ YYYY-MM-DD में हो।',
  [RECONCILIATION_MESSAGES.toInvalid]: '"तक" की तारीख़ YYYY-MM-DD में हो।',
  [RECONCILIATION_MESSAGES.periodReversed]: 'अवधि शुरू होने के दिन या उसके बाद ख़त्म हो।',
  [RECONCILIATION_MESSAGES.periodTooLong]: `अवधि अधिकतम ${RECONCILIATION_PERIOD.maxDays} दिन की हो सकती है।`,
  [RECONCILIATION_MESSAGES.periodInFuture]: 'अवधि आज के बाद शुरू नहीं हो सकती।',
  [RECONCILIATION_MESSAGES.razorpayFailed]:
    'Razorpay ने जवाब नहीं दिया, इसलिए मिलान नहीं हो सका। कुछ मिनट बाद फिर कोशिश करें।',
};

const HINDI_TIME = new Intl.DateTimeFormat('hi-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** What the page's parts need of the language: its texts, its rupees, times and the server's words in it. */
export interface PayoutWords {
  language: PayoutLanguage;
  t: PayoutTexts;
  /** Rupees from the API: '₹1,23,456.00'. */
  money: (rupees: number) => string;
  /** An instant in India time: '25 Nov 2026, 9:30 am IST'. */
  time: (value: string | null) => string;
  /** The server's message of a refusal in this language where it is known, else as given; null when it gave none. */
  said: (error: unknown) => string | null;
}

/** The server's message of a refused call (our {statusCode, error, message}), or null. */
function serverText(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const body: unknown = error.body;
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** A server's English text in `language`. */
export function serverTextIn(language: PayoutLanguage, text: string): string {
  return language === 'hi' ? (SERVER_TEXTS_HI[text] ?? text) : text;
}

/** The words of the language chosen on the Payouts page, and the way to choose another. */
export function usePayoutWords(): PayoutWords & { setLanguage: (language: PayoutLanguage) => void } {
  const [stored, setLanguage] = useStore<PayoutLanguage>(PAYOUT_LANGUAGE_KEY, 'en');
  const language: PayoutLanguage = stored === 'hi' ? 'hi' : 'en';
  const said = useCallback(
    (error: unknown) => {
      const text = serverText(error);
      return text === null ? null : serverTextIn(language, text);
    },
    [language],
  );
  return {
    language,
    setLanguage,
    t: PAYOUT_TEXTS[language],
    money: (rupees) => formatRupees(rupeesToPaise(rupees), language === 'hi' ? 'hi-IN' : 'en-IN'),
    time: (value) =>
      value === null ? '—' : language === 'hi' ? `${HINDI_TIME.format(new Date(value))} IST` : formatIndiaTime(value),
    said,
  };
}

/** The per-field messages of a refused call (the 400's `fields`), in `language`; null when it named none of `names`. */
export function refusedFields<F extends string>(
  error: unknown,
  names: readonly F[],
  language: PayoutLanguage,
): Partial<Record<F, string>> | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const body: unknown = error.body;
  if (!body || typeof body !== 'object' || !('fields' in body)) return null;
  const { fields } = body as { fields: unknown };
  if (!fields || typeof fields !== 'object') return null;
  const found: Partial<Record<F, string>> = {};
  for (const name of names) {
    const message = (fields as Record<string, unknown>)[name];
    if (typeof message === 'string' && message !== '') found[name] = serverTextIn(language, message);
  }
  return Object.keys(found).length > 0 ? found : null;
}
