import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout/layout';
import HomePage from './products/home.page';
import { RouteErrorPage } from './site/route-error.page';

/*
 * Every route of both specification documents (000 and 001, section 2). The home page is part of the entry chunk:
 * it is where most visits start, and a separate chunk would cost a slow phone one more round trip before the
 * first product shows. The other pages are loaded on demand.
 */
const SignInPage = lazy(() => import('./auth/sign-in.page'));
const SignUpPage = lazy(() => import('./auth/sign-up.page'));
const CheckVerificationPage = lazy(() => import('./auth/check-verification.page'));
const ForgotPasswordPage = lazy(() => import('./auth/forgot-password.page'));
const AuthActionPage = lazy(() => import('./auth/auth-action.page'));
const SellPage = lazy(() => import('./products/sell.page'));
const EditProductPage = lazy(() => import('./products/edit-product.page'));
const ProfilePage = lazy(() => import('./profiles/profile.page'));
const SellerPage = lazy(() => import('./profiles/seller.page'));
const CartPage = lazy(() => import('./cart/cart.page'));
const ProductPage = lazy(() => import('./products/product.page'));
const CheckoutPage = lazy(() => import('./checkout/checkout.page'));
const PaymentPage = lazy(() => import('./checkout/payment.page'));
const OrdersPage = lazy(() => import('./orders/orders.page'));
const OrderPage = lazy(() => import('./orders/order.page'));
const BecomeSellerPage = lazy(() => import('./site/become-seller.page'));
const ContactPage = lazy(() => import('./site/contact.page'));
const AboutPage = lazy(() => import('./site/about.page'));
const TermsPage = lazy(() => import('./site/terms.page'));
const PrivacyPage = lazy(() => import('./site/privacy.page'));
const SellerDashboardPage = lazy(() => import('./seller-dashboard/seller-dashboard.page'));
const NotFoundPage = lazy(() => import('./site/not-found.page'));

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
