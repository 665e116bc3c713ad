import { randomBytes } from 'node:crypto';
import type { Address, Order, Prisma, Product, SellerProfile, User } from '../generated/prisma/client.js';
import type { Db } from '../prisma-client.js';

const HOUR_MS = 60 * 60 * 1000;

/** A short random suffix that keeps unique columns unique across factory calls. */
function unique(): string {
  return randomBytes(4).toString('hex');
}

/** A user (role user, active, terms v1.0 agreed) with a profile; any column can be overridden. */
export async function newUser(db: Db, overrides: Partial<Prisma.UserUncheckedCreateInput> = {}): Promise<User> {
  const suffix = unique();
  return db.user.create({
    data: {
      firebaseUid: `test-uid-${suffix}`,
      username: `user_${suffix}`,
      email: `user_${suffix}@mandi.test`,
      agreedToTerms: true,
      agreedAt: new Date(),
      ipAddress: '127.0.0.1',
      termsVersion: 'v1.0',
      ...overrides,
      profile: overrides.profile ?? { create: { fullName: 'Test User', city: 'Pune' } },
    },
  });
}

/** A product, valid for a week, priced Rs 40.00 for 1 kg; a new seller is made unless sellerId is given. */
export async function newProduct(
  db: Db,
  overrides: Partial<Prisma.ProductUncheckedCreateInput> = {},
): Promise<Product> {
  const sellerId = overrides.sellerId ?? (await newUser(db)).id;
  return db.product.create({
    data: {
      name: 'Desi Tamatar',
      description: 'Farm-fresh desi tomatoes from Kolar, picked this morning.',
      pricePaise: 4000,
      validUntil: new Date(Date.now() + 7 * 24 * HOUR_MS),
      sellerPhone: '9876543210',
      weightGrams: 1000,
      ...overrides,
      sellerId,
    },
  });
}

/** An active address in Bengaluru (560001); a new user is made unless userId is given. */
export async function newAddress(
  db: Db,
  overrides: Partial<Prisma.AddressUncheckedCreateInput> = {},
): Promise<Address> {
  const userId = overrides.userId ?? (await newUser(db)).id;
  return db.address.create({
    data: {
      name: 'Asha Rao',
      mobile: '9876543210',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      taluk: 'Bangalore North',
      flatHouseBuilding: '12, Residency Apartments',
      areaOrStreetOrVillage: 'MG Road',
      landmark: 'Near the metro station',
      pincode: '560001',
      ...overrides,
      userId,
    },
  });
}

/** One line of an order made by newOrder: the product (made when absent) and the quantity. */
export interface NewOrderLine {
  product?: Product;
  quantity?: number;
}

/** What newOrder accepts: the order's own columns plus its lines. */
export type NewOrderOptions = Partial<Omit<Prisma.OrderUncheckedCreateInput, 'items'>> & { lines?: NewOrderLine[] };

/**
 * A pending, unpaid online order with a copy of a new address and one line of a new product unless
 * told otherwise. Totals follow the lines: subtotal = sum of price x quantity, shipping defaults to
 * Rs 30.00 (online, first kg), total = subtotal + shipping. Its lines get their shipments from the database's trigger.
 */
export async function newOrder(db: Db, options: NewOrderOptions = {}): Promise<Order> {
  const { lines = [{}], ...overrides } = options;
  const userId = overrides.userId ?? (await newUser(db)).id;
  const address = await newAddress(db, { userId });
  const items: Prisma.OrderItemUncheckedCreateWithoutOrderInput[] = [];
  for (const line of lines) {
    const product = line.product ?? (await newProduct(db));
    items.push({
      productId: product.id,
      sellerId: product.sellerId,
      productName: product.name,
      unitPricePaise: product.pricePaise,
      quantity: line.quantity ?? 1,
      weightGrams: product.weightGrams ?? 0,
      category: product.category,
      hsnCode: '0709',
      gstRatePercent: 0,
    });
  }
  const subtotalPaise =
    overrides.subtotalPaise ?? items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0);
  const shippingPaise = overrides.shippingPaise ?? 3000;
  return db.order.create({
    data: {
      paymentMethod: 'online',
      totalWeightGrams: items.reduce((sum, item) => sum + item.weightGrams * item.quantity, 0),
      addressId: address.id,
      addressName: address.name,
      addressMobile: address.mobile,
      addressFlatHouseBuilding: address.flatHouseBuilding,
      addressAreaOrStreetOrVillage: address.areaOrStreetOrVillage,
      addressLandmark: address.landmark,
      addressTaluk: address.taluk,
      addressDistrict: address.district,
      addressState: address.state,
      addressPincode: address.pincode,
      ...overrides,
      userId,
      subtotalPaise,
      shippingPaise,
      totalPaise: overrides.totalPaise ?? subtotalPaise + shippingPaise,
      items: { create: items },
    },
  });
}

/**
 * A seller's business profile (issue 31) with placeholder sealed values, in `status`: for tests of what a profile
 * unlocks or mails, not of the profile itself (its own spec fills it in through the API). A reviewed one names
 * `reviewedBy` as its reviewer.
 */
export function newSellerProfile(
  db: Db,
  userId: number,
  overrides: Partial<Prisma.SellerProfileUncheckedCreateInput> = {},
): Promise<SellerProfile> {
  const reviewed = overrides.status !== undefined && overrides.status !== 'pending';
  return db.sellerProfile.create({
    data: {
      userId,
      legalName: `Legal name ${userId}`,
      businessKind: 'individual_farmer',
      panSealed: Buffer.from([1]),
      panLast4: '234F',
      pickupName: 'Asha Rao',
      pickupMobile: '9876543210',
      pickupFlatHouseBuilding: 'Survey No. 12',
      pickupAreaOrStreetOrVillage: 'Hesaraghatta',
      pickupLandmark: 'Near the dairy',
      pickupTaluk: 'Bangalore North',
      pickupDistrict: 'Bangalore',
      pickupState: 'Karnataka',
      pickupPincode: '560001',
      bankAccountHolder: 'Asha Rao',
      bankAccountSealed: Buffer.from([2]),
      bankAccountLast4: '9012',
      ifsc: 'SBIN0000001',
      bankName: 'State Bank of India',
      reviewedAt: reviewed ? new Date() : null,
      ...overrides,
    },
  });
}
