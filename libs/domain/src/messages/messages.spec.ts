import { sellerHasNoPosts } from '../accounts/account.messages.js';
import { fileTooLarge } from '../products/product.messages.js';
import { MESSAGES } from './messages.js';

// Each expected text below is copied by hand from the spec documents (docs/domain.md, sections 2, 4, 5 and 8).
describe('MESSAGES carries the spec texts character for character', () => {
  it('cart (000 s8, 001 s4/s8)', () => {
    expect(MESSAGES.cart.signInRequired).toEqual({
      title: 'Sign In Required',
      text: 'Please sign in to add items to your cart.',
    });
    expect(MESSAGES.cart.alreadyInCart).toEqual({ title: 'Already in Cart', text: 'Product already in cart.' });
    expect(MESSAGES.cart.addFailed).toEqual({ title: 'Error', text: 'Something went wrong.' });
    expect(MESSAGES.cart.added).toEqual({ title: 'Success', text: 'Item added to cart!' });
    expect(MESSAGES.cart.removeFailed).toBe('Failed to remove item from cart.');
    expect(MESSAGES.cart.updateFailed).toBe('Failed to update item quantity.');
    expect(MESSAGES.cart.confirmRemove.title).toBe('Remove Item?');
    expect(MESSAGES.cart.empty).toBe('No items in your cart.');
  });

  it('sign-in, sign-up, verification, forgot password (000 s8)', () => {
    expect(MESSAGES.signIn.missingFields.title).toBe('Missing Fields');
    expect(MESSAGES.signIn.accountSuspended).toEqual({
      title: 'Account Suspended',
      text: 'Your account has been suspended. Contact support.',
    });
    expect(MESSAGES.signIn.unverifiedAccount).toEqual({
      title: 'Unverified Account',
      text: 'Account was not verified. Please sign up again.',
    });
    expect(MESSAGES.signIn.wrongPassword).toBe('Incorrect password. Please try again.');
    expect(MESSAGES.signIn.noAccount).toBe('No account found with this email. Please sign up first.');
    expect(MESSAGES.signIn.accountDisabled).toBe('This account has been disabled. Contact support.');
    expect(MESSAGES.signIn.invalidEmail).toBe('Invalid email address format.');
    expect(MESSAGES.signIn.fallback).toBe('Something went wrong on our end...');
    expect(MESSAGES.signUp.incompleteForm.title).toBe('Incomplete Form');
    expect(MESSAGES.signUp.invalidUsername.title).toBe('Invalid Username');
    expect(MESSAGES.signUp.usernameTaken.title).toBe('Username Taken');
    expect(MESSAGES.signUp.passwordMismatch).toEqual({ title: 'Password Error', text: 'Passwords do not match.' });
    expect(MESSAGES.signUp.signupFailed.title).toBe('Signup Failed');
    expect(MESSAGES.verification.somethingWentWrong.title).toBe('Something Went Wrong');
    expect(MESSAGES.verification.saveFailed.title).toBe('Save Failed');
    expect(MESSAGES.forgotPassword.fallback).toBe('Something went wrong.Please try again');
  });

  it('product forms and pages (000 s2/s8, 001 s2/s8)', () => {
    const titles = [
      MESSAGES.product.missingName,
      MESSAGES.product.invalidPhone,
      MESSAGES.product.invalidPrice,
      MESSAGES.product.missingDescription,
      MESSAGES.product.missingValidityDate,
      MESSAGES.product.noImages,
      MESSAGES.product.tooManyImages,
      MESSAGES.product.invalidWeight,
      MESSAGES.product.invalidLength,
      MESSAGES.product.invalidWidth,
      MESSAGES.product.invalidHeight,
      MESSAGES.product.invalidEmail,
      MESSAGES.product.invalidFileSize,
      MESSAGES.product.uploadLimitReached,
      MESSAGES.product.authenticationRequired,
      MESSAGES.product.submissionError,
    ].map((m) => m.title);
    expect(titles).toEqual([
      'Missing Name',
      'Invalid Phone Number',
      'Invalid Price',
      'Missing Description',
      'Missing Validity Date',
      'No Images',
      'Too Many Images',
      'Invalid Weight',
      'Invalid Length',
      'Invalid Width',
      'Invalid Height',
      'Invalid Email',
      'Invalid File Size',
      'Upload Limit Reached',
      'Authentication Required',
      'Submission Error',
    ]);
    expect(MESSAGES.product.tooManyImages.text).toBe('Maximum 4 images allowed.');
    expect(fileTooLarge('tomato.jpg')).toEqual({ title: 'Invalid File Size', text: 'tomato.jpg must be under 5MB' });
    expect(MESSAGES.product.loadFailed).toBe('Failed to load product');
    expect(MESSAGES.product.loading).toBe('Loading...');
    expect(MESSAGES.product.noResults).toBe('No results found.');
    expect(MESSAGES.product.noImage).toBe('No Image');
  });

  it('profile and seller pages (000 s2/s8)', () => {
    expect([
      MESSAGES.profile.deleteFailed.title,
      MESSAGES.profile.uploadFailed.title,
      MESSAGES.profile.updateFailed.title,
    ]).toEqual(['Delete Failed', 'Upload Failed', 'Update Failed']);
    expect(MESSAGES.profile.loadingSeller).toBe('Loading seller profile...');
    expect(sellerHasNoPosts('asha_farms')).toBe('asha_farms has not posted any products yet.');
  });

  it('header (000 s8)', () => {
    expect(MESSAGES.header.userNotAuthenticated).toEqual({ title: 'Error', text: 'User not authenticated' });
    expect(MESSAGES.header.deleteAccountFailed).toEqual({
      title: 'Error',
      text: 'Something went wrong while deleting the account',
    });
    expect(MESSAGES.header.deleteAccountSucceeded).toEqual({ title: 'Success', text: 'Account deleted successfully' });
    expect(MESSAGES.header.signInToSell).toEqual({ title: 'Not Signed In', text: 'Please sign in to sell a product.' });
    expect(MESSAGES.header.signInToViewOrders).toEqual({
      title: 'Not Signed In',
      text: 'Please sign in to view your orders.',
    });
    expect(MESSAGES.header.signInToDeleteAccount).toEqual({
      title: 'Not Signed In',
      text: 'Please sign in to delete your account.',
    });
    expect(MESSAGES.header.confirmSignOut.text).toBe('Are you sure you want to sign out?');
    expect(MESSAGES.header.confirmDeleteAccount).toEqual({
      title: 'Delete Account?',
      text: 'Are you sure you want to permanently delete your account?',
    });
    expect(MESSAGES.header.analyticsInitFailed).toBe('Analytics init failed');
  });

  it('addresses and checkout (001 s2/s5)', () => {
    expect(MESSAGES.address.invalidMobile).toBe(
      'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
    );
    expect(MESSAGES.address.invalidPincode).toBe('Enter a valid 6-digit Indian PIN code');
    expect(MESSAGES.address.pincodeNotVerified).toEqual({
      title: 'Pincode not verified',
      text: "Please click 'Get Address' and fetch a valid address before submitting.",
    });
    expect(MESSAGES.address.maxAddressesReached).toEqual({
      title: 'Maximum Addresses Reached',
      text: 'You can only save up to 10 active addresses.',
    });
    expect(MESSAGES.checkout.selectAddress).toEqual({
      title: 'Select Address',
      text: 'Please select a delivery address to continue.',
    });
    expect(MESSAGES.checkout.missingCheckoutInformation).toBe('Missing checkout information.');
    expect(MESSAGES.checkout.fetchCheckoutItemsFailed).toBe('Failed to fetch checkout items.');
  });

  it('payment (001 s8)', () => {
    expect(MESSAGES.payment).toMatchObject({
      sdkNotLoaded: 'Razorpay SDK is not loaded yet. Try again in a moment.',
      userNotLoggedIn: 'User not logged in',
      paymentFailed: { title: 'Payment Failed', text: 'Something went wrong, please try again.' },
      confirmFailed: 'Failed to confirm payment. Try again later.',
      paymentError: 'Payment error. Please try again later.',
      userNotReady: 'User not ready, please try again.',
      placeOrderFailed: 'Failed to place order.',
    });
  });

  it('orders, admin, seller interest, contact (001 s4/s5/s8)', () => {
    expect(MESSAGES.order.notFound).toBe('Order not found.');
    expect(MESSAGES.order.missingReason).toEqual({
      title: 'Missing Reason',
      text: 'Please provide a reason for cancellation.',
    });
    expect(MESSAGES.order.cancelRequestFailed).toBe('Error submitting cancellation request');
    expect(MESSAGES.order.cancellationRequested).toBe('Cancellation Requested');
    expect(MESSAGES.order.invoiceDownloadFailed).toBe('Error downloading invoice PDF.');
    expect(MESSAGES.admin).toMatchObject({
      unauthorized: { title: 'Unauthorized Access', text: 'You are not allowed to access this page.' },
      fetchOrdersFailed: 'Failed to fetch orders',
      fetchUsersFailed: 'Failed to fetch users',
      confirmFailed: 'Error confirming order',
      paymentUpdateFailed: 'Error updating payment',
      statusUpdateFailed: 'Error updating order status',
      cancelFailed: 'Error cancelling order',
      invitesFailed: { title: 'Failed to Send Invites', text: 'Something went wrong while sending invites.' },
    });
    expect(MESSAGES.seller.interestFailed).toBe('Something went wrong. Please try again later.');
    expect(MESSAGES.seller.interestRecorded).toBe('Interest Recorded');
    expect(MESSAGES.contact).toMatchObject({
      sending: 'Sending...',
      sent: 'Message sent successfully!',
      failed: 'Failed to send message. Try again later.',
    });
  });
});
