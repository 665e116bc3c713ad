import { routeKey } from '@mandi/contracts/client';
import type { SellerDashboard } from '@mandi/contracts';
import {
  HOUR_MS,
  MINUTE_MS,
  SELLER_DASHBOARD_MESSAGES as M,
  SELLER_ORDER_PERIOD_FILTERS,
  SELLER_ORDER_PERIOD_LABELS,
  WRITE_LIMIT_MESSAGES,
  windowLeftText,
} from '@mandi/domain';
import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES_DIR } from '../../vite-catalogues';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { shipment } from '../test/shipment-fixtures';
import { testI18n } from '../test/i18n';
import { renderApp, stubApi } from '../test/render-app';
import {
  EXPIRING_HOURS,
  EXTEND_DAYS,
  periodFilterLabels,
  salesPeriodLabels,
  windowLeftLabel,
} from './seller-dashboard-texts';

const english = testI18n('en');
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);
const catalogue = JSON.parse(readFileSync(join(CATALOGUES_DIR, 'en', 'seller-dashboard.json'), 'utf8')) as Record<
  string,
  string
>;

// The spec's texts stay word for word in English: the catalogue is pinned to SELLER_DASHBOARD_MESSAGES and to the
// functions that write the domain's English, through the real English catalogue.
describe('the seller dashboard catalogue in English', () => {
  it.each([
    ['sellerDashboard.title', M.title],
    ['sellerDashboard.sellerNotFound', M.sellerNotFound],
    ['sellerDashboard.notYours', M.notYours],
    ['sellerDashboard.restock', M.restockButton],
    ['sellerDashboard.order.buyerHidden', M.buyerHidden],
    ['sellerDashboard.orders.none', M.noOrders],
    ['sellerDashboard.orders.none.text', M.noOrdersText],
    ['sellerDashboard.orders.noneMatching', M.noMatchingOrders],
    ['sellerDashboard.window.closed', M.windowClosed],
    ['sellerDashboard.loadFailed', M.loadFailed],
    ['sellerDashboard.actionFailed', M.actionFailed],
  ])('%s is the domain text', (key, text) => expect(t(key)).toBe(text));

  it('fills in the rules’ figures as the domain writes them', () => {
    expect(t('sellerDashboard.extend', { days: EXTEND_DAYS })).toBe(M.extendButton);
    expect(t('sellerDashboard.attention.none', { hours: EXPIRING_HOURS })).toBe(M.nothingNeedsAttention);
    expect(t('sellerDashboard.restock.invalid', { min: '1', max: '1,00,000' })).toBe(M.invalidStock);
    for (const stock of [0, 1, 2, 100_000])
      expect(t('sellerDashboard.stock.left', { count: stock })).toBe(M.stockLeft(stock));
    expect(t('sellerDashboard.stock.unlimited')).toBe(M.stockLeft(null));
  });

  it('names the periods as the domain does', () => {
    expect(salesPeriodLabels(t)).toEqual(SELLER_ORDER_PERIOD_LABELS);
    expect(periodFilterLabels(t)).toEqual(SELLER_ORDER_PERIOD_FILTERS);
  });

  it.each([
    -1,
    0,
    1,
    59_999,
    MINUTE_MS,
    42 * MINUTE_MS + 1,
    HOUR_MS - 1,
    HOUR_MS,
    7 * HOUR_MS + 5 * MINUTE_MS,
    8 * HOUR_MS,
  ])('writes %i ms left as windowLeftText does', (leftMs) =>
    expect(windowLeftLabel(t, leftMs)).toBe(windowLeftText(leftMs)),
  );

  it('translates the answers of the dashboard’s API', () => {
    for (const text of [
      M.extended,
      M.restocked,
      M.notYours,
      M.sellerNotFound,
      M.invalidStock,
      WRITE_LIMIT_MESSAGES.tooManyProductEdits,
    ]) {
      expect(catalogue[`server:${text}`]).toBe(text);
    }
    for (const [key, text] of Object.entries(catalogue).filter(([entry]) => entry.startsWith('server:')))
      expect(key).toBe(`server:${text}`);
  });
});

describe('the seller dashboard in Hindi', () => {
  const HOUR = 3_600_000;
  const dashboard: SellerDashboard = {
    seller: { uid: 'uid-me', username: 'ravi_farms' },
    sales: {
      today: { amount: 231, orders: 1, packs: 7 },
      last_7_days: { amount: 301.5, orders: 4, packs: 9 },
      last_30_days: { amount: 123_456.5, orders: 15, packs: 60 },
    },
    counted_statuses: ['pending', 'confirmed', 'shipped', 'delivered'],
    products: [
      {
        product_id: '11',
        name: 'Methi',
        image: null,
        price: 40,
        stock: 8,
        valid_until: new Date(Date.now() + 10 * HOUR + 60_000).toISOString(),
        sold_out: false,
        expiring: true,
        expired: false,
      },
    ],
  };

  it('shows the figures, the attention list and an order card in Hindi with hi-IN rupees', async () => {
    stubApi({
      ...buyerAnswers,
      [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard },
      [routeKey('sellerOrders', { params: { uid: 'uid-me' }, query: { status: 'all', period: 'all', page: 1 } })]: {
        body: {
          orders: [
            {
              order_id: '1042',
              created_at: '2026-03-04T19:30:00.000Z',
              status: 'pending',
              district: 'Nashik',
              pincode: '422001',
              buyer: null,
              lines: [
                {
                  order_item_id: '1',
                  product_id: '7',
                  name: 'Desi Tamatar',
                  image: null,
                  quantity: 2,
                  price: 40.5,
                  amount: 81,
                },
              ],
              amount: 81,
              packs: 2,
              window_closes_at: '2026-03-05T03:30:00.000Z',
              window_left_ms: 7 * HOUR + 5 * 60_000,
              shipment: shipment(71042, 1042),
            },
          ],
          total: 1,
          page: 1,
          per_page: 20,
        },
      },
    });
    renderApp('/seller-dashboard', { identity: buyer(), language: 'hi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'विक्रेता डैशबोर्ड' })).toBeInTheDocument();
    const sales = await screen.findByRole('region', { name: 'आपकी बिक्री' });
    expect(
      within(sales)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['आज₹231.001 ऑर्डर · 7 पैक', 'पिछले 7 दिन₹301.504 ऑर्डर · 9 पैक', 'पिछले 30 दिन₹1,23,456.5015 ऑर्डर · 60 पैक']);

    const attention = screen.getByRole('region', { name: /इन पर ध्यान दें/ });
    expect(attention).toHaveTextContent('8 पैक बचे हैं');
    expect(within(attention).getByRole('button', { name: '7 दिन बढ़ाएँ' })).toBeEnabled();

    const card = await screen.findByRole('article', { name: 'ऑर्डर #1042' });
    expect(card).toHaveTextContent('5 मार्च 2026');
    expect(card).toHaveTextContent('7 घंटे 05 मिनट बाकी');
    expect(card).toHaveTextContent('ऑर्डर की पुष्टि होने के बाद खरीदार की जानकारी दिखेगी।');
    expect(within(card).getByRole('group', { name: 'आपका पार्सल' })).toHaveTextContent(
      'आपका पार्सलपैक होना बाकीऑर्डर की पुष्टि होने के बाद आप इसे पैक कर सकते हैं।',
    );
    expect(within(card).getByRole('list', { name: 'ऑर्डर #1042 में आपके प्रोडक्ट' })).toHaveTextContent(
      'Desi Tamatar× 2₹81.00',
    );
    expect(screen.getByRole('combobox', { name: 'स्थिति' })).toHaveDisplayValue('सभी स्थितियाँ');
  });
});
