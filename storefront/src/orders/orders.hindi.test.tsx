import { routeKey } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEADLINE_CANCEL_REASON } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { orderDetail, orderItem, orderSummary } from '../test/order-fixtures';
import { renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

function openInHindi(path: string, answers: Answers) {
  const api = stubApi({ ...buyerAnswers, ...answers });
  return { ...api, ...renderApp(path, { identity: buyer(), language: 'hi' }) };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('orders in Hindi', () => {
  it('shows My Orders with hi-IN dates, Hindi statuses and hi-IN amounts', async () => {
    const items = [
      orderItem(1, 'Desi Tamatar', 40, 2),
      orderItem(2, 'Nashik Pyaz', 30.5, 1),
      orderItem(3, 'Agra Aloo', 25, 4),
    ];
    openInHindi('/orders/5', {
      [routeKey('ordersOfUser', { params: { userId: 5 } })]: {
        body: [orderSummary(1042, '2026-03-04T19:30:00.000Z', items, { status: 'cancel_requested' })],
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'मेरे ऑर्डर' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'ऑर्डर #1042' });
    expect(card).toHaveTextContent('5 मार्च 2026 को ऑर्डर किया गया');
    expect(card).toHaveTextContent('रद्द करने का अनुरोध भेजा गया');
    expect(card).toHaveTextContent('Desi Tamatarमात्रा 2');
    expect(card).toHaveTextContent('+2 और प्रोडक्ट');
    expect(within(card).getByRole('list', { name: 'ऑर्डर #1042 के बाकी प्रोडक्ट' })).toBeInTheDocument();
    expect(card).toHaveTextContent('सामान का कुल ₹210.50');
    expect(within(card).getByRole('link', { name: 'ऑर्डर देखें' })).toHaveAttribute('href', '/order/1042');
  });

  it('shows an order cancelled at the deadline with its reason, payment and figures in Hindi', async () => {
    openInHindi('/order/1042', {
      [routeKey('orderDetails', { params: { orderId: 1042 } })]: {
        body: orderDetail(1042, '2026-03-04T19:30:00.000Z', {
          status: 'cancelled',
          cancel_reason: DEADLINE_CANCEL_REASON,
        }),
      },
    });

    const status = await screen.findByRole('region', { name: 'ऑर्डर की स्थिति' });
    expect(status).toHaveTextContent('5 मार्च 2026, 1:00 am को ऑर्डर किया गया');
    expect(status).toHaveTextContent('यह ऑर्डर रद्द कर दिया गया है।');
    expect(status).toHaveTextContent('कारण: 8 घंटे के अंदर पुष्टि नहीं हुई');
    expect(screen.getByRole('region', { name: 'सामान' })).toHaveTextContent('Desi Tamatarमात्रा 2 × ₹40.00₹80.00');
    expect(screen.getByRole('region', { name: 'डिलीवरी का पता' })).toHaveTextContent('मोबाइल: +91 9876543210');

    const summary = screen.getByRole('complementary', { name: 'सारांश' });
    expect(summary).toHaveTextContent('भुगतान का तरीकाकैश ऑन डिलीवरी');
    expect(summary).toHaveTextContent('भुगतान की स्थितिभुगतान बाकी');
    expect(summary).toHaveTextContent('सामान की कीमत₹110.50');
    expect(summary).toHaveTextContent('कुल₹240.30');
  });

  it('asks for a reason and says the server’s refusal in Hindi, sending the reason as typed', async () => {
    const { calls } = openInHindi('/order/12', {
      [routeKey('orderDetails', { params: { orderId: 12 } })]: { body: orderDetail(12, hoursAgo(1)) },
      [routeKey('requestCancellation', { params: { orderId: 12 } })]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Cancellation can only be requested for a pending order; this order is confirmed.',
        },
      },
    });
    expect(await screen.findByRole('list', { name: 'ऑर्डर कहाँ तक पहुँचा' })).toHaveTextContent('पुष्टि बाकी');
    expect(screen.getByText(/^आप .+ तक यह ऑर्डर रद्द कर सकते हैं।$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ऑर्डर रद्द करें' }));

    const modal = screen.getByRole('dialog', { name: 'ऑर्डर रद्द करें' });
    expect(modal).toHaveAccessibleDescription(/^ऑर्डर #12 को ऑर्डर करने के 8 घंटे के अंदर \(.+ तक\) रद्द किया जा सकता है।/);
    await userEvent.click(within(modal).getByRole('button', { name: 'अनुरोध भेजें' }));
    const missing = await screen.findByRole('dialog', { name: 'कारण नहीं बताया' });
    expect(missing).toHaveTextContent('कृपया ऑर्डर रद्द करने का कारण बताएँ।');
    await userEvent.click(within(missing).getByRole('button'));

    await userEvent.type(within(modal).getByRole('textbox', { name: 'रद्द करने का कारण' }), 'गलती से दो बार ऑर्डर हो गया');
    await userEvent.click(within(modal).getByRole('button', { name: 'अनुरोध भेजें' }));
    const refused = await screen.findByRole('dialog', { name: 'ऑर्डर रद्द नहीं हो सका' });
    expect(refused).toHaveTextContent(
      'रद्द करने का अनुरोध सिर्फ़ उसी ऑर्डर के लिए हो सकता है जिसकी पुष्टि बाकी हो; इस ऑर्डर की पुष्टि हो चुकी है।',
    );
    const put = calls.find((call) => call.route === 'requestCancellation')!;
    expect(JSON.parse(String(put.init!.body))).toEqual({ reason: 'गलती से दो बार ऑर्डर हो गया' });
  });
});
