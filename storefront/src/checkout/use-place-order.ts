import type { PaymentOrderAnswer } from '@mandi/contracts';
import { CHECKOUT_MESSAGES, STOCK_MESSAGES } from '@mandi/domain';
import { createElement, useState } from 'react';
import { ApiError, api } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { useSingleFlight } from '../ui/use-single-flight';
import type { CheckoutLine } from './checkout-items';
import type { CheckoutState } from './checkout-state';
import { billingOf, orderLinesOf, type CheckoutSummary } from './checkout-totals';
import { StockRefusal, shortStockItemsOf } from './stock-refusal';
import { useOfflineNotice } from '../api/use-offline-notice';

/** The brand shown in Razorpay Checkout and its theme (docs/frontends.md: leaf green). */
export const CHECKOUT_BRAND = { name: 'Mandi', color: '#2E7D32' } as const;

/** A placed order, for the success dialog and the redirect to /orders/{userId}. */
export interface PlacedOrder {
  /** Paid through Razorpay ('Payment successful'), or placed for cash on delivery ('Order placed'). */
  paidOnline: boolean;
  orderId: string;
}

/** Our ids travel as text; the API reads a numeric user id as a number too. */
function idValue(id: string): string | number {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/**
 * Placing the order of the payment page (docs/orders.md): cash on delivery with the placeCodOrder route, or
 * online through Razorpay Checkout (placeOnlineOrder, the widget, paymentSuccess). One
 * attempt at a time; a 409 (prices changed, product no longer for sale, not enough stock) shows the server's text,
 * with each short product and how many are left, and reads the items again so the buyer sees the real figures.
 */
export function usePlaceOrder({
  checkout,
  lines,
  summary,
  onItemsChanged,
}: {
  checkout: CheckoutState;
  lines: readonly CheckoutLine[];
  summary: CheckoutSummary | null;
  /** Reads the items again after the server said they changed. */
  onItemsChanged(): void;
}) {
  const { user, userId } = useAuth();
  const { t, serverText } = useT();
  const confirm = useConfirm();
  const explainOffline = useOfflineNotice();
  const { busy, run } = useSingleFlight();
  /** Razorpay Checkout is open, or its result is being confirmed. */
  const [widgetBusy, setWidgetBusy] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const say = (text: string, title = t('checkout.error')) => confirm({ title, message: text });

  /** A failed order call: the server's 409 text in the visitor's language (and fresh items), else `fallback`. */
  const failed = async (error: unknown, fallback: string) => {
    // Offline, or the connection dropped: say so (and whether the order may have arrived) instead of a generic failure.
    if (await explainOffline(error, 'placeOrder')) return;
    if (error instanceof ApiError && error.statusCode === 409 && error.serverMessage) {
      onItemsChanged();
      if (error.serverMessage === STOCK_MESSAGES.notEnoughStock) {
        await confirm({
          title: t('checkout.stockRefusal.title'),
          message: createElement(StockRefusal, { items: shortStockItemsOf(error.body) }),
        });
        return;
      }
      const changed = error.serverMessage === CHECKOUT_MESSAGES.totalsChanged;
      await say(serverText(error.serverMessage), changed ? t('checkout.reviewOrder') : t('checkout.error'));
      return;
    }
    await say(fallback);
  };

  const order = () => {
    if (!summary) return null;
    return {
      addressId: idValue(String(checkout.selectedAddress.id)),
      items: orderLinesOf(lines),
      billing: billingOf(summary),
    };
  };

  const placeCashOnDelivery = () =>
    run(async () => {
      const current = order();
      if (!current || placed) return;
      if (!user) return void (await say(t('checkout.payment.userNotLoggedIn')));
      if (!userId) return void (await say(t('checkout.payment.userNotReady')));
      try {
        const answer = await api('placeCodOrder', {
          body: {
            userId: idValue(userId),
            addressId: current.addressId,
            cartItems: current.items,
            billing: current.billing,
          },
          auth: true,
        });
        setPlaced({ paidOnline: false, orderId: String(answer.orderId) });
      } catch (error) {
        await failed(error, t('checkout.payment.placeOrderFailed'));
      }
    });

  const confirmPayment = async (
    current: NonNullable<ReturnType<typeof order>>,
    buyer: string,
    response: RazorpaySuccessResponse,
  ) => {
    try {
      const answer = await api('paymentSuccess', {
        body: {
          userId: idValue(buyer),
          addressId: current.addressId,
          items: current.items,
          payment: { ...response, amount: current.billing.grandTotal },
          billing: current.billing,
        },
        auth: true,
      });
      setPlaced({ paidOnline: true, orderId: String(answer.orderId) });
    } catch {
      setWidgetBusy(false);
      await say(t('checkout.payment.confirmFailed'));
    }
  };

  const payOnline = () =>
    run(async () => {
      const current = order();
      if (!current || placed || widgetBusy) return;
      const Razorpay = window.Razorpay;
      if (!Razorpay) return void (await say(t('checkout.payment.sdkNotLoaded')));
      if (!user) return void (await say(t('checkout.payment.userNotLoggedIn')));
      if (!userId) return void (await say(t('checkout.payment.userNotReady')));

      let created: PaymentOrderAnswer;
      try {
        created = await api('placeOnlineOrder', {
          body: {
            userId: idValue(userId),
            addressId: current.addressId,
            items: current.items,
            amount: current.billing.grandTotal,
          },
          auth: true,
        });
      } catch (error) {
        await failed(error, t('checkout.payment.paymentError'));
        return;
      }

      const address = checkout.selectedAddress;
      // Razorpay's window shows this line to the buyer: the product's own name, else the count in their language.
      const description =
        current.items.length === 1
          ? (current.items[0]!.productName ?? t('checkout.razorpay.oneOrder'))
          : t('checkout.razorpay.products', { count: current.items.length });
      // Once the widget has handed over a successful payment, a late 'payment.failed' (an earlier attempt) is old news.
      let succeeded = false;
      let checkoutWidget: RazorpayCheckout;
      try {
        checkoutWidget = new Razorpay({
          key: created.key,
          amount: created.order.amount,
          currency: created.order.currency,
          name: CHECKOUT_BRAND.name,
          description,
          order_id: created.order.id,
          prefill: { name: address.name, contact: address.mobile, email: user.email ?? undefined },
          theme: { color: CHECKOUT_BRAND.color },
          handler: (response) => {
            succeeded = true;
            return confirmPayment(current, userId, response);
          },
          modal: { ondismiss: () => setWidgetBusy(false) },
        });
        checkoutWidget.on('payment.failed', () => {
          if (succeeded) return;
          // Close the widget so the popup is on top and the buyer can start again with Pay.
          checkoutWidget.close?.();
          setWidgetBusy(false);
          void confirm({ title: t('checkout.payment.failed.title'), message: t('checkout.payment.failed.text') });
        });
        setWidgetBusy(true);
        checkoutWidget.open();
      } catch {
        setWidgetBusy(false);
        await say(t('checkout.payment.paymentError'));
      }
    });

  return { placeCashOnDelivery, payOnline, busy: busy || widgetBusy || placed !== null, placed };
}
