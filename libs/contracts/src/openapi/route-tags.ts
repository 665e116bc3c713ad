/** The groups of the API reference, each with what its routes are for (the document's `tags`). */
export const ROUTE_TAGS = {
  Catalog: 'Products: the listing, search and suggestions, product pages, posting and editing.',
  Profiles: "Users' public profiles, the profile form and the profile picture.",
  Accounts: 'Sign-up, sign-in look-ups, e-mail verification, password reset, the account language and deletion.',
  Sellers: 'Showing interest in selling on Mandi.',
  Contact: 'The contact form.',
  Cart: "The signed-in buyer's cart.",
  Addresses: "The buyer's saved delivery addresses.",
  Checkout: 'Pricing and placing an order: cash on delivery, Razorpay orders, payment confirmation and webhooks.',
  Orders: "The buyer's orders, their details and the cancellation request.",
  Invoices: 'Tax invoices, bills of supply and credit notes: issuing them and downloading their PDFs.',
  'Seller dashboard': "A seller's own sales, products, stock and validity, and their business profile (KYC).",
  Admin:
    "The console: orders and their moves, users, interested sellers and sellers' reviews, products, the audit trail, GST returns.",
  Reference: 'The India Post PIN code directory and this reference itself.',
  Health: 'Whether the API, PostgreSQL and Redis answer (for load balancers and the console).',
  Operations: 'Prometheus metrics and the event pipeline, for operators.',
  ONDC: "Mandi's seller node on the ONDC network: the calls of buyer apps (RET10, 1.2.0) and the registry's.",
} as const;

/** A group of the API reference. */
export type RouteTag = keyof typeof ROUTE_TAGS;
