// Browsing like a shop (issue 16): the listing's category, price, stock, freshness and sort parameters.
export {};
