import { CART_MESSAGES, QUANTITY_MAX, QUANTITY_MIN } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, uidSchema } from '../common/fields.js';
import { productSchema } from '../products/product.schema.js';
import { minimalProfileSchema } from '../profiles/profile.schema.js';

/** Body of POST /api/cart/add and DELETE /api/cart/remove. */
export const cartProductBodySchema = z.object({ uid: uidSchema, productId: idSchema });
/** Type of {@link cartProductBodySchema}. */
export type CartProductBody = z.infer<typeof cartProductBodySchema>;

/** A cart quantity: a whole number from 1 to 15. */
export const quantitySchema = z
  .number({ error: CART_MESSAGES.invalidQuantity })
  .int(CART_MESSAGES.invalidQuantity)
  .min(QUANTITY_MIN, CART_MESSAGES.invalidQuantity)
  .max(QUANTITY_MAX, CART_MESSAGES.invalidQuantity);

/** Body of PUT /api/cart/updateQuantity. */
export const updateCartQuantityBodySchema = cartProductBodySchema.extend({ quantity: quantitySchema });
/** Type of {@link updateCartQuantityBodySchema}. */
export type UpdateCartQuantityBody = z.infer<typeof updateCartQuantityBodySchema>;

/** Path of GET /api/cart/{uid}. */
export const cartParamsSchema = z.object({ uid: uidSchema });

/** A cart line: the product's fields, its quantity and the seller's card (docs/cart.md section 3). */
export const cartItemSchema = productSchema.extend({
  quantity: quantitySchema,
  seller: minimalProfileSchema.optional(),
});
/** Type of {@link cartItemSchema}. */
export type CartItem = z.infer<typeof cartItemSchema>;

/** Answer of GET /api/cart/{uid}. */
export const cartSchema = z.array(cartItemSchema);
/** Type of {@link cartSchema}. */
export type Cart = z.infer<typeof cartSchema>;

/** Type of {@link cartParamsSchema}. */
export type CartParams = z.infer<typeof cartParamsSchema>;
