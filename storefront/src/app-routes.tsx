import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadPageTexts } from './i18n/i18n';
import { Layout } from './layout/layout';
import HomePage from './products/home.page';
import { RouteErrorPage } from './site/route-error.page';

/*
 * Every route of both specification documents (docs/frontends.md, section 2). The home page is part of the entry chunk:
 * it is where most visits start, and a separate chunk would cost a slow phone one more round trip before the
 * first product shows. The other pages are loaded on demand, with the rest of the texts beside them (i18n.tsx).
 */
const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => Promise.all([load(), loadPageTexts()]).then(([page]) => page));

const SignInPage = lazyPage(() => import('./auth/sign-in.page'));
const SignUpPage = lazyPage(() => import('./auth/sign-up.page'));
const CheckVerificationPage = lazyPage(() => import('./auth/check-verification.page'));
const ForgotPasswordPage = lazyPage(() => import('./auth/forgot-password.page'));
const AuthActionPage = lazyPage(() => import('./auth/auth-action.page'));
const SellPage = lazyPage(() => import('./products/sell.page'));
const EditProductPage = lazyPage(() => import('./products/edit-product.page'));
const ProfilePage = lazyPage(() => import('./profiles/profile.page'));
const SellerPage = lazyPage(() => import('./profiles/seller.page'));
const CartPage = lazyPage(() => import('./cart/cart.page'));
const ProductPage = lazyPage(() => import('./products/product.page'));
const CheckoutPage = lazyPage(() => import('./checkout/checkout.page'));
const PaymentPage = lazyPage(() => import('./checkout/payment.page'));
const OrdersPage = lazyPage(() => import('./orders/orders.page'));
const OrderPage = lazyPage(() => import('./orders/order.page'));
const BecomeSellerPage = lazyPage(() => import('./site/become-seller.page'));
const ContactPage = lazyPage(() => import('./site/contact.page'));
const AboutPage = lazyPage(() => import('./site/about.page'));
const TermsPage = lazyPage(() => import('./site/terms.page'));
const PrivacyPage = lazyPage(() => import('./site/privacy.page'));
const SellerDashboardPage = lazyPage(() => import('./seller-dashboard/seller-dashboard.page'));
const NotFoundPage = lazyPage(() => import('./site/not-found.page'));

/** The storefront's route table, shared by the browser router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'signin', element: <SignInPage /> },
      { path: 'signup', element: <SignUpPage /> },
      { path: 'check-verification', element: <CheckVerificationPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      // Where the verification and password-reset mails lead (Firebase's custom e-mail action handler).
      { path: 'auth/action', element: <AuthActionPage /> },
      { path: 'SellPage', element: <SellPage />, caseSensitive: true },
      { path: 'edit-product/:productId', element: <EditProductPage /> },
      { path: 'profilepage', element: <ProfilePage /> },
      { path: 'seller/:uid', element: <SellerPage /> },
      { path: 'cartpage', element: <CartPage /> },
      { path: 'product/:productId', element: <ProductPage /> },
      { path: 'product-checkout/:productId', element: <CheckoutPage /> },
      { path: 'product-checkout', element: <CheckoutPage /> },
      { path: 'payment-page', element: <PaymentPage /> },
      { path: 'orders/:userId', element: <OrdersPage /> },
      { path: 'order/:orderId', element: <OrderPage /> },
      { path: 'become-seller', element: <BecomeSellerPage /> },
      { path: 'contactus', element: <ContactPage /> },
      { path: 'aboutus', element: <AboutPage /> },
      { path: 'terms-and-conditions', element: <TermsPage /> },
      { path: 'privacy-policy', element: <PrivacyPage /> },
      // Ours (issue 16): a seller's own dashboard, and any seller's by uid for an admin.
      { path: 'seller-dashboard', element: <SellerDashboardPage /> },
      { path: 'seller-dashboard/:uid', element: <SellerDashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
