// Texts of docs/cart.md sections 4 and 8, character for character. Where the spec names only a
// popup title, the text is ours and marked so.

/** Messages of the cart and of adding to it. */
export const CART_MESSAGES = {
  signInRequired: { title: 'Sign In Required', text: 'Please sign in to add items to your cart.' },
  alreadyInCart: { title: 'Already in Cart', text: 'Product already in cart.' },
  addFailed: { title: 'Error', text: 'Something went wrong.' },
  added: { title: 'Success', text: 'Item added to cart!' },
  removeFailed: 'Failed to remove item from cart.',
  updateFailed: 'Failed to update item quantity.',
  /** Title from docs/cart.md; the text is ours. */
  confirmRemove: { title: 'Remove Item?', text: 'Are you sure you want to remove this item from your cart?' },
  empty: 'No items in your cart.',
  /** Ours: the server's answer to a quantity outside 1..15. */
  invalidQuantity: 'Quantity must be between 1 and 15.',
  /** Ours: the server's answer when a cart line does not exist. */
  notInCart: 'Product not found in cart.',
  /** Ours: the server's answers to a removal and a quantity change. */
  removed: 'Item removed from cart.',
  quantityUpdated: 'Quantity updated.',
} as const;
