import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '@mandi/config';

/**
 * Helmet's headers with a content security policy for our pages: scripts, styles, API calls, the service worker and
 * the web app manifest from our own origin, plus the only other origins they need — Firebase Auth (or the local Auth
 * emulator in development) and Razorpay's checkout.
 */
export function securityHeaders(config: AppConfig): HelmetOptions {
  const emulatorPort = config.FIREBASE_AUTH_EMULATOR_HOST?.split(':')[1];
  const emulator = emulatorPort
    ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`, `http://localhost:${emulatorPort}`]
    : [];
  // Razorpay Checkout's script, and the calls and frames it makes from its own origin (the sandbox's in development).
  const checkout = new URL(config.RAZORPAY_CHECKOUT_URL).origin;
  const razorpay = [...new Set(['https://api.razorpay.com', 'https://checkout.razorpay.com', checkout])];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://*.firebaseio.com', ...razorpay, ...emulator],
        scriptSrc: ["'self'", ...razorpay, 'https://apis.google.com'],
        frameSrc: [
          "'self'",
          ...razorpay,
          `https://${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          // The Firebase SDK frames the Auth emulator's helper page for Google sign-in in development.
          ...emulator,
        ],
        // The storefront's service worker (/sw.js, docs/offline.md) and its web app manifest come from our origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // MUI (the console) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google sign-in's popup hands its result back through window.opener, which 'same-origin' would cut.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * The headers helmet sets for `options`, worked out once. They are the same for every request (no nonces), and
 * helmet rebuilds its content security policy text on every call, which showed as a tenth of the API's time under
 * load; the API sets these values instead.
 */
export function securityHeaderValues(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
