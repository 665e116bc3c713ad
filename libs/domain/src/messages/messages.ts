import {
  ACCESS_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  HEADER_MESSAGES,
  PROFILE_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  VERIFICATION_MESSAGES,
} from '../accounts/account.messages.js';
import { ADDRESS_MESSAGES } from '../addresses/address.messages.js';
import { ADMIN_MESSAGES } from '../admin/admin.messages.js';
import { CART_MESSAGES } from '../cart/cart.messages.js';
import { CHECKOUT_MESSAGES, PAYMENT_MESSAGES } from '../checkout/checkout.messages.js';
import { CONTACT_MESSAGES } from '../contact/contact.messages.js';
import { ORDER_MESSAGES } from '../orders/order.messages.js';
import { PRODUCT_MESSAGES } from '../products/product.messages.js';
import { SELLER_MESSAGES } from '../sellers/seller.messages.js';

/** Every user-facing text of both spec documents, grouped by feature (MESSAGES.cart.alreadyInCart, ...). */
export const MESSAGES = {
  access: ACCESS_MESSAGES,
  signIn: SIGN_IN_MESSAGES,
  signUp: SIGN_UP_MESSAGES,
  verification: VERIFICATION_MESSAGES,
  forgotPassword: FORGOT_PASSWORD_MESSAGES,
  profile: PROFILE_MESSAGES,
  header: HEADER_MESSAGES,
  product: PRODUCT_MESSAGES,
  cart: CART_MESSAGES,
  address: ADDRESS_MESSAGES,
  checkout: CHECKOUT_MESSAGES,
  payment: PAYMENT_MESSAGES,
  order: ORDER_MESSAGES,
  admin: ADMIN_MESSAGES,
  seller: SELLER_MESSAGES,
  contact: CONTACT_MESSAGES,
} as const;
