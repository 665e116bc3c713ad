/** What the API says about invoices and credit notes (ours; the storefront's download alert is ORDER_MESSAGES.invoiceDownloadFailed). */
export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  notYours: 'You can only download the invoices of your own orders.',
  pdfPending: 'The PDF of this document is still being prepared. Please try again in a moment.',
  notPaid: 'This order is not paid yet; its invoice is issued once it is paid.',
  notCancelled: "Only a cancelled order's invoice can be cancelled; this order is not cancelled.",
} as const;
