// A seller's linked account at the Razorpay sandbox, made through the official SDK as the console's onboarding makes
// one: the account, its Route product configuration and the settlement bank account, activated by the sandbox.

/**
 * Creates seller `sellerId`'s linked account and configures Route on it; answers the account's and the product's ids.
 * `business` names it: its legal name and kind (Razorpay's business_type), PAN and the bank account's holder.
 */
export async function createLinkedAccount(razorpay, sellerId, business) {
  const account = await razorpay.accounts.create({
    email: `seller${sellerId}@example.in`,
    phone: '9876543210',
    type: 'route',
    reference_id: `seller-${sellerId}`,
    legal_business_name: business.legalName,
    business_type: business.type,
    contact_name: 'Kaveri Rao',
    profile: {
      category: 'ecommerce',
      subcategory: 'agriculture',
      addresses: {
        registered: {
          street1: 'Survey No. 12',
          street2: 'Hesaraghatta',
          city: 'Mandya',
          state: 'Karnataka',
          postal_code: '571438',
          country: 'IN',
        },
      },
    },
    legal_info: { pan: business.pan },
  });
  const product = await razorpay.products.requestProductConfiguration(account.id, {
    product_name: 'route',
    tnc_accepted: true,
  });
  await razorpay.products.edit(account.id, product.id, {
    settlements: { account_number: '123456789012', ifsc_code: 'SBIN0000001', beneficiary_name: business.holder },
    tnc_accepted: true,
  });
  return { accountId: account.id, productId: product.id };
}
