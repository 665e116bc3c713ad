import type { SellerDashboard } from '@mandi/contracts';
import { routeKey, routeUrl } from '@mandi/contracts/client';
import { GSTR1_MESSAGES, type Language } from '@mandi/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { testI18n } from '../test/i18n';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

const dashboard = (uid = 'uid-me'): SellerDashboard => ({
  seller: { uid, username: 'ravi_farms' },
  sales: {
    today: { amount: 0, orders: 0, packs: 0 },
    last_7_days: { amount: 0, orders: 0, packs: 0 },
    last_30_days: { amount: 0, orders: 0, packs: 0 },
  },
  counted_statuses: ['pending', 'confirmed', 'shipped', 'delivered'],
  products: [],
});
const noOrders = { orders: [], total: 0, page: 1, per_page: 20 };

const supplies = (month: string, table: 'register' | 'b2cs' | 'hsn' | 'nil' | 'docs') =>
  routeUrl('sellerSupplies', { params: { uid: 'uid-me' }, query: { month, table } });

/** A file answer, or a refusal, of the sellerSupplies route by URL; the rest is the stubbed API. */
type FileAnswer = { status?: number; body: string; headers?: Record<string, string> };

function openDashboard({
  files = {},
  answers = {},
  language = 'en',
  path = '/seller-dashboard',
  identity = buyer(),
}: {
  files?: Record<string, FileAnswer>;
  answers?: Answers;
  language?: Language;
  path?: string;
  identity?: ReturnType<typeof buyer>;
} = {}) {
  const { calls, fetchStub } = stubApi({
    ...buyerAnswers,
    [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard() },
    [routeKey('sellerOrders', { params: { uid: 'uid-me' }, query: { status: 'all', period: 'all', page: 1 } })]: {
      body: noOrders,
    },
    ...answers,
  });
  const asked: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const file = files[String(input)];
    if (!file) return fetchStub(input, init);
    asked.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
    return new Response(file.body, { status: file.status ?? 200, headers: file.headers });
  });
  const saved: { name: string; blob: Blob | null }[] = [];
  let lastBlob: Blob | null = null;
  const createObjectURL = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    lastBlob = blob as Blob;
    return createObjectURL(blob);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob });
  });
  return { calls, asked, saved, ...renderApp(path, { identity, language }) };
}

const panel = (name = 'GST supplies') => screen.findByRole('region', { name });
const refusal = (status: number, message: string): FileAnswer => ({
  status,
  body: JSON.stringify({ statusCode: status, error: 'Refused', message }),
  headers: { 'content-type': 'application/json' },
});

beforeEach(() => {
  // 00:10 on 1 December in India is still 30 November in UTC: last month is November, as India counts it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T00:10:00+05:30'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the seller's GST supplies", () => {
  it('offers last month in India and the five tables, with what it is for', async () => {
    openDashboard();
    const region = await panel();
    expect(region).toHaveAccessibleDescription(/^For your own GSTR-1: .+ Mandi collects TCS on your taxable supplies/);
    expect(region).toHaveTextContent('section 52 of the CGST Act');
    const month = within(region).getByLabelText('Month');
    expect(month).toHaveValue('2026-11');
    expect(month).toHaveAttribute('max', '2026-12');
    const table = within(region).getByRole('combobox', { name: 'Table' });
    expect(table).toHaveDisplayValue('Sales register');
    expect(
      within(table)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Sales register',
      'B2C summary (Table 7)',
      'HSN summary (Table 12)',
      'Exempt (Table 8)',
      'Documents issued (Table 13)',
    ]);
    expect(within(region).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it("downloads the chosen month's table with the bearer token under the server's name", async () => {
    const url = supplies('2026-10', 'hsn');
    const { asked, saved } = openDashboard({
      files: {
        [url]: {
          body: 'HSN,Description\n0405,Ghee and butter\n',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="SUPPLIES-2026-10-hsn.csv"',
          },
        },
      },
    });
    const region = await panel();
    fireEvent.change(within(region).getByLabelText('Month'), { target: { value: '2026-10' } });
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Table' }), 'HSN summary (Table 12)');
    await userEvent.click(within(region).getByRole('button', { name: 'Download CSV' }));

    expect(await within(region).findByRole('status')).toHaveTextContent('Downloaded SUPPLIES-2026-10-hsn.csv.');
    expect(asked).toEqual([{ url, authorization: 'Bearer token-of-uid-me' }]);
    expect(url).toMatch(/\?month=2026-10&table=hsn$/);
    expect(saved.map((file) => file.name)).toEqual(['SUPPLIES-2026-10-hsn.csv']);
    expect(await saved[0]!.blob!.text()).toBe('HSN,Description\n0405,Ghee and butter\n');
    expect(saved[0]!.blob!.type).toBe('text/csv;charset=utf-8');
  });

  it('names the file SUPPLIES-<month>-<table>.csv when the server gives no name', async () => {
    const { saved } = openDashboard({ files: { [supplies('2026-11', 'register')]: { body: 'Document\n' } } });
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(saved.map((file) => file.name)).toEqual(['SUPPLIES-2026-11-register.csv']));
  });

  it.each([
    [403, 'You can only access your own account.'],
    [409, 'The table cannot be prepared: invoice RF/26-27/000004 disagrees with its order.'],
    [400, GSTR1_MESSAGES.futureMonth],
  ])("shows the server's %i message", async (status, message) => {
    const { saved } = openDashboard({ files: { [supplies('2026-11', 'register')]: refusal(status, message) } });
    const region = await panel();
    await userEvent.click(within(region).getByRole('button', { name: 'Download CSV' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(message);
    expect(saved).toEqual([]);
  });

  it('says so when the download fails without a message, and asks for a month when none is chosen', async () => {
    const { asked } = openDashboard({
      files: { [supplies('2026-11', 'register')]: { status: 502, body: '<html>Bad gateway</html>' } },
    });
    const region = await panel();
    await userEvent.click(within(region).getByRole('button', { name: 'Download CSV' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Could not download the file. Please try again.',
    );
    fireEvent.change(within(region).getByLabelText('Month'), { target: { value: '' } });
    await userEvent.click(within(region).getByRole('button', { name: 'Download CSV' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Choose a month.');
    expect(asked).toHaveLength(1);
  });

  it('is in Hindi, with the server’s known refusals translated', async () => {
    openDashboard({
      language: 'hi',
      files: { [supplies('2026-11', 'nil')]: refusal(400, GSTR1_MESSAGES.futureMonth) },
    });
    const region = await panel('GST सप्लाई');
    expect(region).toHaveTextContent('आपके अपने GSTR-1 के लिए');
    expect(region).toHaveTextContent('मंडी TCS (CGST क़ानून की धारा 52) काटता है');
    expect(within(region).getByLabelText('महीना')).toHaveValue('2026-11');
    const table = within(region).getByRole('combobox', { name: 'तालिका' });
    expect(
      within(table)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'बिक्री रजिस्टर',
      'B2C सारांश (तालिका 7)',
      'HSN सारांश (तालिका 12)',
      'छूट वाली सप्लाई (तालिका 8)',
      'जारी दस्तावेज़ (तालिका 13)',
    ]);
    await userEvent.selectOptions(table, 'nil');
    await userEvent.click(within(region).getByRole('button', { name: 'CSV डाउनलोड करें' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'महीना भारत के मौजूदा महीने के बाद का नहीं हो सकता: रिटर्न में सिर्फ़ पहले से जारी दस्तावेज़ आते हैं।',
    );
  });

  it("is not on another seller's dashboard an admin opens", async () => {
    openDashboard({
      path: '/seller-dashboard/uid-ravi',
      identity: fakeIdentity(identityUser('uid-admin', 'admin@mandi.test')),
      answers: {
        [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } },
        [routeKey('sellerDashboard', { params: { uid: 'uid-ravi' } })]: { body: dashboard('uid-ravi') },
        [routeKey('sellerOrders', { params: { uid: 'uid-ravi' }, query: { status: 'all', period: 'all', page: 1 } })]: {
          body: noOrders,
        },
      },
    });
    expect(await screen.findByRole('note')).toHaveTextContent('Viewing the dashboard of ravi_farms');
    expect(screen.queryByRole('region', { name: 'GST supplies' })).not.toBeInTheDocument();
  });
});

describe('the GST supplies texts', () => {
  it("translate every refusal of the return's month and table the API can send", () => {
    const en = readCatalogue('en');
    const hindi = testI18n('hi');
    for (const text of Object.values(GSTR1_MESSAGES)) {
      expect(en[`server:${text}`]).toBe(text);
      expect(hindi._(`server:${text}`)).not.toBe(text);
    }
  });
});
