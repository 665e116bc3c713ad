// The part of Razorpay Checkout (checkout.js: `new Razorpay(options).open()`) the payment page uses. The real script
// and the local sandbox's both put the constructor on window.

/** What the checkout hands the success handler; the server verifies the signature. */
interface RazorpaySuccessResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The payload of the 'payment.failed' event. */
interface RazorpayFailureResponse {
  error?: {
    code?: string;
    description?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

interface RazorpayOptions {
  key: string;
  /** In paise, as the order was created. */
  amount: number;
  currency: string;
  name: string;
  description?: string;
  image?: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler(response: RazorpaySuccessResponse): void | Promise<void>;
  modal?: { ondismiss?(): void; escape?: boolean; confirm_close?: boolean };
}

interface RazorpayCheckout {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void): void;
}

interface Window {
  Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
}
