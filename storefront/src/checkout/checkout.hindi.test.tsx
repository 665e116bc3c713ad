import { routeKey } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers, savedAddress, tamatar } from '../test/checkout-fixtures';
import { renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

const asha = savedAddress(2, 'Asha Patil', { is_default: 1 });
const conflict = (message: string, details: unknown) => ({
  status: 409,
  body: { statusCode: 409, error: 'Conflict', message, details },
});

function openInHindi(path: Parameters<typeof renderApp>[0], answers: Answers) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('productById', { params: { id: 7 } })]: { body: tamatar },
    ...answers,
  });
  return { ...api, ...renderApp(path, { identity: buyer(), language: 'hi' }) };
}

describe('checkout in Hindi', () => {
  it('shows the address, the payment methods and the preview in Hindi', async () => {
    openInHindi('/product-checkout/7', { [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [asha] } });

    expect(await screen.findByRole('heading', { level: 1, name: 'चेकआउट' })).toBeInTheDocument();
    const address = await screen.findByRole('region', { name: 'डिलीवरी का पता' });
    expect(await within(address).findByText('Asha Patil')).toBeInTheDocument();
    expect(address).toHaveTextContent('Flat 4, Shanti Apartments, College Road, the bus stand के पास');
    expect(address).toHaveTextContent('मोबाइल: +91 9876543210');
    expect(within(address).getByText('डिफ़ॉल्ट')).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'ऑनलाइन भुगतान' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'कैश ऑन डिलीवरी' })).toHaveAccessibleDescription(
      'ऑर्डर पहुँचने पर नकद भुगतान करें। डिलीवरी शुल्क में 18% हैंडलिंग चार्ज शामिल है।',
    );
    const summary = screen.getByRole('complementary', { name: 'ऑर्डर का सारांश' });
    expect(await within(summary).findByText('Desi Tamatar')).toBeInTheDocument();
    expect(summary).toHaveTextContent('सामान की कीमत₹40.00');
    expect(within(summary).getByRole('button', { name: 'आगे बढ़ें' })).toBeEnabled();
  });

  it('says the address form’s rules in Hindi', async () => {
    openInHindi('/product-checkout/7', { [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [asha] } });
    const add = await screen.findByRole('button', { name: 'नया पता जोड़ें' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const form = await screen.findByRole('dialog', { name: 'नया पता जोड़ें' });
    await userEvent.click(within(form).getByRole('button', { name: 'पता सेव करें' }));
    expect(await within(form).findByText('पूरा नाम लिखना ज़रूरी है')).toBeInTheDocument();
    expect(within(form).getByLabelText('मोबाइल नंबर')).toHaveAccessibleDescription(
      '6, 7, 8 या 9 से शुरू होने वाला 10 अंकों का सही भारतीय मोबाइल नंबर डालें',
    );
    expect(within(form).getByRole('button', { name: 'पता खोजें' })).toBeInTheDocument();
  });

  it('prices a cash-on-delivery order in Hindi and says the server’s refusals in Hindi', async () => {
    let answer = conflict('Prices or shipping have changed. Please review your order.', {
      billing: { subtotal: 80, shippingCost: 130, grandTotal: 210 },
    });
    openInHindi(
      { pathname: '/payment-page', state: { selectedPayment: 'cod', selectedAddress: asha } },
      {
        [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [{ ...tamatar, quantity: 2, stock: 5 }] },
        [routeKey('placeCodOrder')]: () => answer,
      },
    );

    const summary = await screen.findByRole('complementary', { name: 'भुगतान का सारांश' });
    expect(summary).toHaveTextContent('सामान की कीमत (2 चीज़ें)₹80.00');
    expect(summary).toHaveTextContent('डिलीवरी शुल्क₹129.80');
    expect(summary).toHaveTextContent('वज़न 1.2 किलो, शुल्क 2 किलो के हिसाब से (कैश ऑन डिलीवरी)।');
    expect(summary).toHaveTextContent('इसमें ₹19.80 कैश ऑन डिलीवरी हैंडलिंग शुल्क शामिल है (₹110.00 का 18%)।');
    expect(summary).toHaveTextContent('कुल राशि₹209.80');
    expect(summary).toHaveTextContent('भुगतान का तरीका: कैश ऑन डिलीवरी');
    expect(screen.getByRole('list', { name: 'आपके ऑर्डर का सामान' })).toHaveTextContent('₹40.00 प्रति पैक · 600 ग्राम');

    await userEvent.click(within(summary).getByRole('button', { name: 'ऑर्डर करें' }));
    const changed = await screen.findByRole('dialog', { name: 'कृपया अपना ऑर्डर दोबारा देखें' });
    expect(changed).toHaveAccessibleDescription('कीमत या डिलीवरी शुल्क बदल गया है। कृपया अपना ऑर्डर दोबारा देखें।');
    await userEvent.click(within(changed).getByRole('button'));

    answer = conflict('Some items do not have enough stock left. Please review your order.', {
      items: [{ productId: '7', productName: 'Desi Tamatar', requested: 2, left: 1 }],
    });
    await waitFor(() => expect(within(summary).getByRole('button', { name: 'ऑर्डर करें' })).toBeEnabled());
    await userEvent.click(within(summary).getByRole('button', { name: 'ऑर्डर करें' }));
    const refusal = await screen.findByRole('dialog', { name: 'स्टॉक कम है' });
    expect(refusal).toHaveTextContent('कुछ सामान का पर्याप्त स्टॉक नहीं बचा है। कृपया अपना ऑर्डर दोबारा देखें।');
    expect(within(refusal).getByRole('listitem')).toHaveTextContent('Desi Tamatar: आपने 2 माँगे, पर सिर्फ़ 1 बचे हैं।');
  });

  it('says a placed order in Hindi', async () => {
    openInHindi(
      { pathname: '/payment-page', state: { productId: '7', selectedPayment: 'cod', selectedAddress: asha } },
      { [routeKey('placeCodOrder')]: { status: 201, body: { orderId: 1042 } } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'ऑर्डर करें' }));
    const placed = await screen.findByRole('dialog', { name: 'ऑर्डर हो गया' });
    expect(placed).toHaveAccessibleDescription('ऑर्डर #1042 पक्का हो गया है। आपके ऑर्डर की सूची खुल रही है…');
    expect(within(placed).getByRole('button', { name: 'मेरे ऑर्डर देखें' })).toBeInTheDocument();
  });
});
