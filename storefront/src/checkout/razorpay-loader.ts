/** Where Razorpay Checkout's script comes from; the local sandbox serves one with the same interface. */
export const RAZORPAY_CHECKOUT_URL: string =
  import.meta.env.VITE_RAZORPAY_CHECKOUT_URL || 'https://checkout.razorpay.com/v1/checkout.js';

let loading: Promise<void> | null = null;

/**
 * Loads Razorpay Checkout once per page life: appends one <script src> (never an inline script) and resolves when
 * window.Razorpay is there. A failed load is forgotten and its script removed, so the next call tries again.
 */
export function loadRazorpayCheckout(src: string = RAZORPAY_CHECKOUT_URL): Promise<void> {
  if (typeof window === 'undefined') return Promise.reject(new Error('Razorpay Checkout needs a browser'));
  if (window.Razorpay) return Promise.resolve();
  if (loading) return loading;
  const script = document.createElement('script');
  loading = new Promise<void>((resolve, reject) => {
    script.src = src;
    script.async = true;
    script.addEventListener('load', () =>
      window.Razorpay ? resolve() : reject(new Error('Razorpay Checkout did not start')),
    );
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    script.remove();
    throw error;
  });
  return loading;
}
