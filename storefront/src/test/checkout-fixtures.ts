import { routeKey } from '@mandi/contracts/client';
import { fakeIdentity, identityUser } from './fake-identity';

/** The signed-in buyer of the checkout tests: uid 'uid-me', userId 5 (see `buyerAnswers`). */
export const buyer = () => fakeIdentity(identityUser('uid-me', 'me@mandi.test'));

/** The getUserId answer for the buyer. */
export const buyerAnswers = { [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } } };

/** A saved address as the addressesOfUser route answers it. */
export const savedAddress = (id: number, name: string, change: Record<string, unknown> = {}) => ({
  id: String(id),
  name,
  mobile: '9876543210',
  state: 'Maharashtra',
  district: 'Nashik',
  taluk: 'Nashik',
  flat_house_building: 'Flat 4, Shanti Apartments',
  area_or_street_or_village: 'College Road',
  landmark: 'the bus stand',
  pincode: '422005',
  is_default: 0,
  is_deleted: 0,
  ...change,
});

/** An official product (600 g) as the productById route answers it. */
export const tamatar = {
  id: '7',
  uid: 'uid-admin',
  name: 'Desi Tamatar',
  price: 40,
  weight: 600,
  images: [],
  official_brand: 1,
};

/** Another official product (1 kg). */
export const pyaz = {
  id: '9',
  uid: 'uid-admin',
  name: 'Nashik Pyaz',
  price: 30.5,
  weight: 1000,
  images: [],
  official_brand: 1,
};

/** India Post's answer shape for a PIN code with two post offices. */
export const nashikOffices = {
  Status: 'Success',
  PostOffice: [
    { Name: 'Gangapur Road', State: 'Maharashtra', District: 'Nashik', Block: 'Nashik' },
    { Name: 'College Road', State: 'Maharashtra', District: 'Nashik', Block: 'Nashik' },
  ],
};
