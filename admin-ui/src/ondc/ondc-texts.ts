import type { AdminOndcDirection, AdminOndcPaymentType } from '@mandi/contracts';
import {
  ONDC_BUYER_CANCEL_REASONS,
  ONDC_SELLER_CANCEL_REASONS,
  formatRupees,
  rupeesToPaise,
  type OndcBuyerCancelReason,
  type OndcSellerCancelReason,
  type OrderStatus,
} from '@mandi/domain';
import { useCallback } from 'react';
import { HttpError, useStore } from 'react-admin';
import { formatIndiaTime } from '../layout/format';
import { ONDC_LIMITS, ONDC_MESSAGES } from './ondc-values';

/*
 * The words of the console's Network (ONDC) page, in English and Hindi, as the Payouts page has them: the staff who
 * follow up a buyer app's order with a seller may read Hindi more easily. The language is chosen on this page and
 * remembered in the console's store. ONDC's own names (ACK, NACK, bap_id, the actions, the reason codes) stay as the
 * protocol writes them, so they can be searched for in ONDC's documents and the buyer app's logs.
 */

/** A language of the Network page. */
export type OndcLanguage = 'en' | 'hi';
/** The store key of the language chosen. */
export const ONDC_LANGUAGE_KEY = 'ondc.language';

type CancelReasonCode = OndcBuyerCancelReason | OndcSellerCancelReason;
const CANCEL_REASONS_EN: Record<CancelReasonCode, string> = {
  ...ONDC_BUYER_CANCEL_REASONS,
  ...ONDC_SELLER_CANCEL_REASONS,
};
const COUNTED = ONDC_LIMITS.callsCounted.toLocaleString('en-IN');

const en = {
  title: 'Network (ONDC)',
  lead: 'Orders that came from ONDC buyer apps, every call a buyer app made on Mandi and every callback Mandi sent, each with its acknowledgement. Read only: the API and the worker answer the network.',
  language: 'Language',
  tabs: 'Network orders and calls',
  tabOrders: 'Network orders',
  tabCalls: 'Calls and callbacks',

  summary: 'The last 24 hours',
  summaryCaption: (time: string) => `Since ${time}; read again every minute.`,
  figures: {
    calls: { label: 'Calls and callbacks', detail: 'Both ways' },
    nacks: { label: 'NACKs', detail: 'Refused, either way' },
    late: { label: 'Late callbacks', detail: 'Acknowledged after the ttl' },
    awaiting: { label: 'Awaiting an ACK', detail: 'Callbacks not acknowledged yet' },
  },
  show: { nacks: 'Show NACKs', late: 'Show late callbacks', awaiting: 'Show callbacks awaiting an ACK' },
  summaryFailed: 'Could not count the last 24 hours',

  filters: 'Filters',
  buyerApp: 'Buyer app (bap_id)',
  transaction: 'Transaction id',
  applyFilters: 'Filter',
  clearFilters: 'Clear filters',

  orders: 'Network orders',
  ordersCaption: 'Newest first, 20 a page.',
  orderColumns: {
    order: 'Network order',
    transaction: 'Transaction',
    buyerApp: 'Buyer app',
    status: 'Status',
    payment: 'Payment',
    total: 'Total',
    finderFee: 'Finder fee',
    cancellation: 'Cancellation',
    created: 'Created (IST)',
  },
  statuses: {
    pending: 'Pending',
    confirmed: 'Confirmed',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancel_requested: 'Cancel requested',
    cancelled: 'Cancelled',
  } satisfies Record<OrderStatus, string>,
  paymentTypes: {
    'ON-ORDER': 'Prepaid',
    'ON-FULFILLMENT': 'Cash on delivery',
  } satisfies Record<AdminOndcPaymentType, string>,
  collectedBy: { BAP: 'Collected by the buyer app', BPP: 'Collected by Mandi' },
  finderFee: (type: string, value: string) =>
    type === 'percent' ? `${value}% asked` : type === 'amount' ? `₹${value} flat asked` : `${type} ${value}`,
  cancelledBy: { buyer_app: 'By the buyer app', seller_node: 'By Mandi' },
  cancelReasons: CANCEL_REASONS_EN,
  notCancelled: '—',
  mandiOrder: (id: string) => `Order #${id}`,
  openMandiOrder: (id: string) => `Open Mandi order #${id}`,
  openNetworkOrder: (id: string) => `Open network order ${id}`,
  transactionCalls: (id: string) => `Calls of transaction ${id}`,
  noOrders: 'No network orders yet',
  noOrdersText: 'An order placed from an ONDC buyer app appears here once Mandi confirms it.',
  noOrdersFiltered: 'No network order matches these filters.',
  ordersLoading: 'Loading the network orders',
  ordersFailed: 'Could not load the network orders',

  allOrders: 'All network orders',
  orderTitle: (id: string) => `Network order ${id}`,
  orderLoading: 'Loading the network order',
  orderFailed: 'Could not load the network order',
  networkOrderId: 'Network order id',
  callbackUri: 'Callback URI (bap_uri)',
  mandiOrderLabel: 'Mandi order',
  orderCalls: 'Calls of this transaction',
  orderCallsCaption: 'Oldest first: each request, then the callback answering it.',
  orderCallsListed: (shown: number, total: number) => `The first ${shown} of ${total} calls are listed.`,
  allTransactionCalls: 'All of them in the calls list',
  noOrderCalls: 'No call of this transaction is recorded.',

  calls: 'Calls and callbacks',
  callsCaption: 'Newest first, 20 a page. Open a call to read its body.',
  callColumns: {
    call: 'Call',
    direction: 'Direction',
    transaction: 'Transaction',
    buyerApp: 'Buyer app',
    ack: 'Acknowledgement',
    attempts: 'Attempts',
    timing: 'Timing (IST)',
  },
  directions: { inbound: 'In', outbound: 'Out' } satisfies Record<AdminOndcDirection, string>,
  directionsLong: {
    inbound: 'In: from the buyer app',
    outbound: "Out: Mandi's callback",
  } satisfies Record<AdminOndcDirection, string>,
  action: 'Action',
  allActions: 'All actions',
  direction: 'Direction',
  bothDirections: 'Both ways',
  ack: 'ACK/NACK',
  anyAck: 'Any',
  ackStates: { ACK: 'ACK', NACK: 'NACK', pending: 'Awaiting ACK' },
  lateFilter: 'Late',
  anyLate: 'Late or on time',
  lateOnly: 'Late only',
  onTimeOnly: 'On time only',
  late: 'Late',
  message: 'Message id',
  attempts: (count: number) => (count === 1 ? '1 attempt' : `${count} attempts`),
  made: 'Made',
  dueBy: 'Due by',
  answered: 'Answered',
  ttl: 'ttl',
  after: (duration: string) => `after ${duration}`,
  lateBy: (duration: string) => `${duration} late`,
  callsTotal: (total: number, capped: boolean) =>
    capped
      ? `More than ${COUNTED} calls match; narrow the filters to count them.`
      : total === 1
        ? '1 call'
        : `${total.toLocaleString('en-IN')} calls`,
  noCalls: 'No calls yet',
  noCallsText: "A buyer app's calls on Mandi's subscriber URL and Mandi's callbacks appear here.",
  noCallsFiltered: 'No call matches these filters.',
  callsLoading: 'Loading the calls',
  callsFailed: 'Could not load the calls',

  allCalls: 'All calls',
  callTitle: (id: string, action: string) => `Call ${id}: ${action}`,
  callLoading: 'Loading the call',
  callFailed: 'Could not load the call',
  answers: 'Answers the request',
  answeredBy: 'Answered by the callback',
  unsolicited: 'Unsolicited callback',
  unsolicitedKey: 'Why it was sent',
  noCallback: 'No callback yet',
  body: 'Body',
  bodyCaption:
    'What was received or sent, laid out to read. The database keeps it as JSON (jsonb), so its keys are in the database’s order, not the sender’s.',
  copyBody: 'Copy body',
  downloadBody: (size: string) => `Download (${size})`,
  downloadFailed: 'Could not download the body. Try again.',
  bodyTooLarge: (size: string) =>
    `This body is ${size}, too large to show here: its context is below. Download it to read it whole.`,
  bodyContext: 'Context of the body',
  bodyCopied: 'The body is copied.',
  copyFailed: 'Could not copy; select the text instead.',
  errorOf: (code: string | null, message: string | null) => [code, message].filter(Boolean).join(': '),

  tryAgain: 'Try again',
  pages: 'Pages',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',
  none: '—',
};

/** The texts of the Network page, one language's. */
export type OndcTexts = typeof en;

const hi: OndcTexts = {
  title: 'नेटवर्क (ONDC)',
  lead: 'ONDC खरीदार ऐप से आए ऑर्डर, खरीदार ऐप की मंडी को की गई हर कॉल और मंडी का भेजा हर कॉलबैक, हर एक अपनी स्वीकृति (ACK/NACK) के साथ। सिर्फ़ देखने के लिए: नेटवर्क को API और वर्कर जवाब देते हैं।',
  language: 'भाषा',
  tabs: 'नेटवर्क ऑर्डर और कॉल',
  tabOrders: 'नेटवर्क ऑर्डर',
  tabCalls: 'कॉल और कॉलबैक',

  summary: 'पिछले 24 घंटे',
  summaryCaption: (time: string) => `${time} से; हर मिनट फिर पढ़ा जाता है।`,
  figures: {
    calls: { label: 'कॉल और कॉलबैक', detail: 'दोनों ओर' },
    nacks: { label: 'NACK', detail: 'किसी भी ओर से अस्वीकार' },
    late: { label: 'देर से कॉलबैक', detail: 'ttl के बाद स्वीकार हुए' },
    awaiting: { label: 'ACK का इंतज़ार', detail: 'अभी तक स्वीकार नहीं हुए कॉलबैक' },
  },
  show: { nacks: 'NACK दिखाएँ', late: 'देर वाले कॉलबैक दिखाएँ', awaiting: 'ACK के इंतज़ार वाले कॉलबैक दिखाएँ' },
  summaryFailed: 'पिछले 24 घंटे गिने नहीं जा सके',

  filters: 'फ़िल्टर',
  buyerApp: 'खरीदार ऐप (bap_id)',
  transaction: 'ट्रांज़ैक्शन id',
  applyFilters: 'फ़िल्टर करें',
  clearFilters: 'फ़िल्टर हटाएँ',

  orders: 'नेटवर्क ऑर्डर',
  ordersCaption: 'सबसे नए पहले, एक पेज पर 20।',
  orderColumns: {
    order: 'नेटवर्क ऑर्डर',
    transaction: 'ट्रांज़ैक्शन',
    buyerApp: 'खरीदार ऐप',
    status: 'स्थिति',
    payment: 'भुगतान',
    total: 'कुल',
    finderFee: 'फ़ाइंडर फ़ीस',
    cancellation: 'रद्दीकरण',
    created: 'बना (IST)',
  },
  statuses: {
    pending: 'लंबित',
    confirmed: 'पुष्ट',
    shipped: 'भेजा गया',
    delivered: 'डिलीवर हुआ',
    cancel_requested: 'रद्द करने का अनुरोध',
    cancelled: 'रद्द',
  },
  paymentTypes: {
    'ON-ORDER': 'पहले भुगतान',
    'ON-FULFILLMENT': 'कैश ऑन डिलीवरी',
  },
  collectedBy: { BAP: 'खरीदार ऐप वसूलता है', BPP: 'मंडी वसूलती है' },
  finderFee: (type: string, value: string) =>
    type === 'percent' ? `${value}% माँगा` : type === 'amount' ? `₹${value} तय माँगा` : `${type} ${value}`,
  cancelledBy: { buyer_app: 'खरीदार ऐप द्वारा', seller_node: 'मंडी द्वारा' },
  cancelReasons: {
    '001': 'एक या अधिक सामान की कीमत बदल गई, इसलिए खरीदार से अतिरिक्त भुगतान माँगा गया',
    '003': 'सामान ऑर्डर की कीमत से कम में उपलब्ध है',
    '006': 'ऑर्डर / डिलीवरी खरीदार ऐप के तय समय (TAT SLA) में नहीं मिली',
    '009': 'गलत सामान डिलीवर हुआ',
    '010': 'खरीदार पता या ऑर्डर का अन्य विवरण बदलना चाहता है',
    '999': 'ऑर्डर की पुष्टि नहीं हो सकी (खरीदार ऐप)',
    '012': 'खरीदार को अब सामान नहीं चाहिए',
    '002': 'ऑर्डर का एक या अधिक सामान उपलब्ध नहीं',
    '005': 'विक्रेता ने ऑर्डर अस्वीकार किया',
    '011': 'खरीदार नहीं मिला या उससे संपर्क नहीं हो सका',
    '013': 'खरीदार ने डिलीवरी लेने से मना किया',
    '018': 'डिलीवरी पिन कोड पर सेवा उपलब्ध नहीं',
    '998': 'ऑर्डर की पुष्टि नहीं हो सकी',
  },
  notCancelled: '—',
  mandiOrder: (id: string) => `ऑर्डर #${id}`,
  openMandiOrder: (id: string) => `मंडी ऑर्डर #${id} खोलें`,
  openNetworkOrder: (id: string) => `नेटवर्क ऑर्डर ${id} खोलें`,
  transactionCalls: (id: string) => `ट्रांज़ैक्शन ${id} की कॉल`,
  noOrders: 'अभी कोई नेटवर्क ऑर्डर नहीं',
  noOrdersText: 'ONDC खरीदार ऐप से दिया गया ऑर्डर मंडी की पुष्टि के बाद यहाँ दिखता है।',
  noOrdersFiltered: 'इन फ़िल्टर से कोई नेटवर्क ऑर्डर मेल नहीं खाता।',
  ordersLoading: 'नेटवर्क ऑर्डर लोड हो रहे हैं',
  ordersFailed: 'नेटवर्क ऑर्डर लोड नहीं हो सके',

  allOrders: 'सभी नेटवर्क ऑर्डर',
  orderTitle: (id: string) => `नेटवर्क ऑर्डर ${id}`,
  orderLoading: 'नेटवर्क ऑर्डर लोड हो रहा है',
  orderFailed: 'नेटवर्क ऑर्डर लोड नहीं हो सका',
  networkOrderId: 'नेटवर्क ऑर्डर id',
  callbackUri: 'कॉलबैक URI (bap_uri)',
  mandiOrderLabel: 'मंडी ऑर्डर',
  orderCalls: 'इस ट्रांज़ैक्शन की कॉल',
  orderCallsCaption: 'सबसे पुरानी पहले: हर अनुरोध, फिर उसका जवाब देने वाला कॉलबैक।',
  orderCallsListed: (shown: number, total: number) => `${total} में से पहली ${shown} कॉल दिखाई गई हैं।`,
  allTransactionCalls: 'सभी कॉल की सूची में देखें',
  noOrderCalls: 'इस ट्रांज़ैक्शन की कोई कॉल दर्ज नहीं है।',

  calls: 'कॉल और कॉलबैक',
  callsCaption: 'सबसे नई पहले, एक पेज पर 20। बॉडी पढ़ने के लिए कॉल खोलें।',
  callColumns: {
    call: 'कॉल',
    direction: 'दिशा',
    transaction: 'ट्रांज़ैक्शन',
    buyerApp: 'खरीदार ऐप',
    ack: 'स्वीकृति',
    attempts: 'कोशिशें',
    timing: 'समय (IST)',
  },
  directions: { inbound: 'आई', outbound: 'गई' },
  directionsLong: { inbound: 'आई: खरीदार ऐप से', outbound: 'गई: मंडी का कॉलबैक' },
  action: 'ऐक्शन',
  allActions: 'सभी ऐक्शन',
  direction: 'दिशा',
  bothDirections: 'दोनों ओर',
  ack: 'ACK/NACK',
  anyAck: 'कोई भी',
  ackStates: { ACK: 'ACK', NACK: 'NACK', pending: 'ACK का इंतज़ार' },
  lateFilter: 'देर',
  anyLate: 'देर से या समय पर',
  lateOnly: 'सिर्फ़ देर वाले',
  onTimeOnly: 'सिर्फ़ समय पर',
  late: 'देर से',
  message: 'मैसेज id',
  attempts: (count: number) => `${count} कोशिश`,
  made: 'बनी',
  dueBy: 'इस तक देय',
  answered: 'जवाब मिला',
  ttl: 'ttl',
  after: (duration: string) => `${duration} बाद`,
  lateBy: (duration: string) => `${duration} की देर`,
  callsTotal: (total: number, capped: boolean) =>
    capped ? `${COUNTED} से ज़्यादा कॉल मेल खाती हैं; गिनने के लिए फ़िल्टर छोटे करें।` : `${total.toLocaleString('en-IN')} कॉल`,
  noCalls: 'अभी कोई कॉल नहीं',
  noCallsText: 'मंडी के सब्सक्राइबर URL पर खरीदार ऐप की कॉल और मंडी के कॉलबैक यहाँ दिखते हैं।',
  noCallsFiltered: 'इन फ़िल्टर से कोई कॉल मेल नहीं खाती।',
  callsLoading: 'कॉल लोड हो रही हैं',
  callsFailed: 'कॉल लोड नहीं हो सकीं',

  allCalls: 'सभी कॉल',
  callTitle: (id: string, action: string) => `कॉल ${id}: ${action}`,
  callLoading: 'कॉल लोड हो रही है',
  callFailed: 'कॉल लोड नहीं हो सकी',
  answers: 'इस अनुरोध का जवाब',
  answeredBy: 'इसका जवाब देने वाला कॉलबैक',
  unsolicited: 'बिना अनुरोध का कॉलबैक',
  unsolicitedKey: 'क्यों भेजा गया',
  noCallback: 'अभी कोई कॉलबैक नहीं',
  body: 'बॉडी',
  bodyCaption:
    'जो मिला या भेजा गया, पढ़ने के लिए सजाया हुआ। डेटाबेस इसे JSON (jsonb) में रखता है, इसलिए कुंजियाँ भेजने वाले के क्रम में नहीं, डेटाबेस के क्रम में हैं।',
  copyBody: 'बॉडी कॉपी करें',
  downloadBody: (size: string) => `डाउनलोड करें (${size})`,
  downloadFailed: 'बॉडी डाउनलोड नहीं हो सकी। फिर कोशिश करें।',
  bodyTooLarge: (size: string) =>
    `यह बॉडी ${size} की है, यहाँ दिखाने के लिए बहुत बड़ी: नीचे इसका context है। पूरी पढ़ने के लिए डाउनलोड करें।`,
  bodyContext: 'बॉडी का context',
  bodyCopied: 'बॉडी कॉपी हो गई।',
  copyFailed: 'कॉपी नहीं हो सकी; टेक्स्ट चुनकर कॉपी करें।',
  errorOf: (code: string | null, message: string | null) => [code, message].filter(Boolean).join(': '),

  tryAgain: 'फिर कोशिश करें',
  pages: 'पेज',
  page: (page: number, pages: number) => `${pages} में से पेज ${page}`,
  previous: 'पिछला',
  next: 'अगला',
  none: '—',
};

/** The texts of each language. */
export const ONDC_TEXTS: Record<OndcLanguage, OndcTexts> = { en, hi };

/** The server's refusals this page meets, in Hindi (the English is the server's own). */
const SERVER_TEXTS_HI: Readonly<Record<string, string>> = {
  [ONDC_MESSAGES.orderNotFound]: 'इस id का कोई नेटवर्क ऑर्डर नहीं है।',
  [ONDC_MESSAGES.callNotFound]: 'इस id की कोई ONDC कॉल नहीं है।',
};

/** India time in `locale`, to the minute or to the second. */
const indiaTime = (locale: string, second: boolean) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(second && { second: '2-digit' }),
    hour12: true,
  });
const HINDI_TIME = indiaTime('hi-IN', false);
const EXACT_TIME = { en: indiaTime('en-IN', true), hi: indiaTime('hi-IN', true) };
/** Day, month and time to the second, for a table whose heading says IST: '4 Dec, 11:59:04 pm'. */
const shortIndiaTime = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  });
const SHORT_TIME = { en: shortIndiaTime('en-IN'), hi: shortIndiaTime('hi-IN') };

/** What the page's parts need of the language: its texts, rupees, times and the server's words in it. */
export interface OndcWords {
  language: OndcLanguage;
  t: OndcTexts;
  /** Rupees from the API: '₹1,23,456.00'. */
  money: (rupees: number) => string;
  /** An instant in India time: '25 Nov 2026, 9:30 am IST'. */
  time: (value: string | null) => string;
  /** The same to the second, for calls that follow each other within a minute: '25 Nov 2026, 9:30:05 am IST'. */
  exactTime: (value: string | null) => string;
  /** Day, month and time to the second without the year or the zone, for the calls' tables: '4 Dec, 11:59:04 pm'. */
  shortTime: (value: string) => string;
  /** A reason code with its text in this language ('012: Buyer does not want product any more'). */
  reason: (code: string) => string;
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

/** The words of the language chosen on the Network page, and the way to choose another. */
export function useOndcWords(): OndcWords & { setLanguage: (language: OndcLanguage) => void } {
  const [stored, setLanguage] = useStore<OndcLanguage>(ONDC_LANGUAGE_KEY, 'en');
  const language: OndcLanguage = stored === 'hi' ? 'hi' : 'en';
  const t = ONDC_TEXTS[language];
  const said = useCallback(
    (error: unknown) => {
      const text = serverText(error);
      if (text === null) return null;
      return language === 'hi' ? (SERVER_TEXTS_HI[text] ?? text) : text;
    },
    [language],
  );
  return {
    language,
    setLanguage,
    t,
    money: (rupees) => formatRupees(rupeesToPaise(rupees), language === 'hi' ? 'hi-IN' : 'en-IN'),
    time: (value) =>
      value === null ? '—' : language === 'hi' ? `${HINDI_TIME.format(new Date(value))} IST` : formatIndiaTime(value),
    exactTime: (value) => (value === null ? '—' : `${EXACT_TIME[language].format(new Date(value))} IST`),
    shortTime: (value) => SHORT_TIME[language].format(new Date(value)),
    reason: (code) => {
      const text = (t.cancelReasons as Record<string, string>)[code];
      return text ? `${code}: ${text}` : code;
    },
    said,
  };
}
