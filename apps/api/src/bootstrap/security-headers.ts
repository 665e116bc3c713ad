import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '@mandi/config';

/**
 * Helmet's headers with a content security policy for our pages: scripts, styles and API calls from our own
 * origin, plus the only other origins they need — Firebase Auth (or the local Auth emulator in development) and
 * Razorpay's checkout.
 */
export function securityHeaders(config: AppConfig): FastifyHelmetOptions {
  const emulatorPort = config.FIREBASE_AUTH_EMULATOR_HOST?.split(':')[1];
  const emulator = emulatorPort
    ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`, `http://localhost:${emulatorPort}`]
    : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://*.firebaseio.com', 'https://api.razorpay.com', ...emulator],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com', 'https://apis.google.com'],
        frameSrc: [
          "'self'",
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
          `https://${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          // The Firebase SDK frames the Auth emulator's helper page for Google sign-in in development.
          ...emulator,
        ],
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
