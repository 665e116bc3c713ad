import { CART_LINES_MAX, IMAGE_MAX_INPUT_PIXELS, OPEN_ONLINE_ORDERS_MAX, WRITE_RATE_LIMITS } from './write.limits.js';
import { WRITE_LIMIT_MESSAGES } from './write-limits.messages.js';

describe('write limits', () => {
  it('give every counter its own name', () => {
    const names = Object.values(WRITE_RATE_LIMITS).map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('name the caps in their messages', () => {
    expect(WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders).toContain(`${OPEN_ONLINE_ORDERS_MAX} online orders`);
    expect(WRITE_LIMIT_MESSAGES.cartFull).toContain(`${CART_LINES_MAX} different products`);
    expect(WRITE_LIMIT_MESSAGES.imageTooManyPixels('farm.png')).toBe(
      `farm.png is too large a picture: at most ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
    expect(WRITE_LIMIT_MESSAGES.formTooLarge(21)).toBe(
      'The form is too large: everything together must be under 21MB.',
    );
  });
});
