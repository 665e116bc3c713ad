/** Orders per page of a buyer's order list (My Orders): the newest 100 unless another page is asked for. */
export const BUYER_ORDERS_PAGE = { default: 100, max: 100 } as const;
