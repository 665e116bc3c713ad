// Popup titles of docs/catalog.md (product forms) with their texts. The spec gives texts only for
// 'Too Many Images' ('Maximum 4 images allowed.') and 'Invalid File Size' ('must be under 5MB'); the other
// texts are ours, reusing the spec's wording where another screen already has it.

/** Messages of the product forms, the product page and the listing. */
export const PRODUCT_MESSAGES = {
  missingName: { title: 'Missing Name', text: 'Please enter a product name.' },
  /** Ours: the spec limits the name to 50 characters but names no popup for it. */
  nameTooLong: { title: 'Invalid Name', text: 'Product name must be at most 50 characters.' },
  invalidPhone: {
    title: 'Invalid Phone Number',
    text: 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
  },
  invalidPrice: { title: 'Invalid Price', text: 'Price must be greater than 0.' },
  missingDescription: { title: 'Missing Description', text: 'Please enter a description.' },
  /** Ours: the spec limits the description to 500 characters but names no popup for it. */
  descriptionTooLong: { title: 'Invalid Description', text: 'Description must be at most 500 characters.' },
  missingValidityDate: { title: 'Missing Validity Date', text: 'Please choose a valid-until date.' },
  /** Ours: the date is there but cannot be read. */
  invalidValidityDate: {
    title: 'Missing Validity Date',
    text: 'Valid-until must be a date and time (YYYY-MM-DD HH:MM:SS).',
  },
  noImages: { title: 'No Images', text: 'Please add at least one image.' },
  tooManyImages: { title: 'Too Many Images', text: 'Maximum 4 images allowed.' },
  invalidWeight: { title: 'Invalid Weight', text: 'Weight must be greater than 0.' },
  invalidLength: { title: 'Invalid Length', text: 'Length must be greater than 0.' },
  invalidWidth: { title: 'Invalid Width', text: 'Width must be greater than 0.' },
  invalidHeight: { title: 'Invalid Height', text: 'Height must be greater than 0.' },
  invalidEmail: { title: 'Invalid Email', text: 'Invalid email address format.' },
  /** The spec's text follows the file's name: '{file} must be under 5MB'; see {@link fileTooLarge}. */
  invalidFileSize: { title: 'Invalid File Size', text: 'must be under 5MB' },
  uploadLimitReached: { title: 'Upload Limit Reached', text: 'Maximum 4 images allowed.' },
  authenticationRequired: { title: 'Authentication Required', text: 'Please sign in to sell a product.' },
  /** The text is the server's message; this one stands in when there is none. */
  submissionError: { title: 'Submission Error', text: 'Something went wrong.' },
  /** Ours: the product deletion confirmation of the profile page. */
  confirmDelete: { title: 'Delete Product?', text: 'Are you sure you want to delete this product?' },
  loadFailed: 'Failed to load product',
  /** Ours: the server's answer for an unknown product id. */
  notFound: 'Product not found.',
  /** Ours: the server's answers of the product calls. */
  created: 'Product posted successfully.',
  updated: 'Product updated successfully.',
  deleted: 'Product deleted successfully.',
  /** Ours: someone else's product (only its seller or an admin may change it). */
  notYours: 'You can only change your own products.',
  /** Ours: an image to keep that the product does not have (a stale form, or a URL from elsewhere). */
  unknownImage: "An image to keep is not one of this product's images. Reload the page and try again.",
  /** Ours: the upload was not sent as a multipart form. */
  formRequired: 'Send the product as a multipart form (multipart/form-data).',
  loading: 'Loading...',
  noResults: 'No results found.',
  noImage: 'No Image',
  validUntilMissing: 'N/A',
  originalBadge: 'Original',
} as const;

/** The 'Invalid File Size' popup for one file: '{fileName} must be under 5MB'. */
export function fileTooLarge(fileName: string): { title: string; text: string } {
  return {
    title: PRODUCT_MESSAGES.invalidFileSize.title,
    text: `${fileName} ${PRODUCT_MESSAGES.invalidFileSize.text}`,
  };
}

/** Ours: a file whose bytes are not an image we accept: '{fileName} is not a supported image...'. */
export function unsupportedImage(fileName: string): string {
  return `${fileName} is not a supported image. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.`;
}
