#!/usr/bin/env node
// Demo data for a new installation: the three demo accounts (in the Firebase Auth emulator and in our
// tables), three more farmers, a catalog of forty products with drawn photos and a default address for the buyer. It runs only on a
// database without users, so it never touches real data, and it only ever talks to the Auth emulator.
//
//   node scripts/db/seed.mjs     # DATABASE_URL, FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID or the local defaults
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { DEMO_OFFICIAL_SELLER_UID } from '../../libs/config/src/development-values.js';
import { DEMO_LOOKS, demoImageJpeg } from './demo-images.mjs';
import { DEFAULT_DATABASE_URL } from './database-url.mjs';

const { round, long, leafy, root, jar, bottle, sack, block } = DEMO_LOOKS;

/** Password of every demo account. */
export const DEMO_PASSWORD = 'mandi-demo';

/**
 * The demo accounts; the admin is the designated official seller of development: the seed gives it the fixed uid
 * that development's OFFICIAL_SELLER_UID names (production refuses that uid).
 */
export const DEMO_ACCOUNTS = [
  {
    key: 'admin',
    email: 'admin@mandi.test',
    username: 'mandi_official',
    role: 'admin',
    fullName: 'Mandi Official Store',
    city: 'Bengaluru',
    bio: 'Products packed and shipped by Mandi itself, sourced from farmer collectives across India.',
  },
  {
    key: 'seller',
    email: 'seller@mandi.test',
    username: 'kisan_ramesh',
    role: 'user',
    fullName: 'Ramesh Patil',
    city: 'Nashik',
    bio: 'Third-generation farmer from Niphad, Nashik. Onions, grapes and seasonal vegetables, picked to order.',
  },
  {
    key: 'buyer',
    email: 'buyer@mandi.test',
    username: 'priya_sharma',
    role: 'user',
    fullName: 'Priya Sharma',
    city: 'Bengaluru',
    bio: 'Home cook who likes to know where her vegetables come from.',
  },
];

/**
 * More farmers who sell on the demo marketplace, so the listing has several sellers. They have no sign-in (no
 * account in the Auth emulator): they exist to be seen on cards and seller pages.
 */
export const DEMO_FARMERS = [
  {
    key: 'punjab',
    email: 'gurpreet@farmers.mandi.test',
    username: 'gurpreet_farms',
    fullName: 'Gurpreet Singh Sandhu',
    city: 'Ludhiana',
    bio: 'Wheat, mustard and winter vegetables from our family farm near Samrala. Zero-budget natural farming since 2016.',
    phone: '9814012345',
  },
  {
    key: 'kerala',
    email: 'anjali@farmers.mandi.test',
    username: 'malabar_spices',
    fullName: 'Anjali Nair',
    city: 'Wayanad',
    bio: 'Pepper, cardamom and coconut from a shade-grown estate in the Wayanad hills. Dried the old way, in the sun.',
    phone: '9447012345',
  },
  {
    key: 'himachal',
    email: 'tashi@farmers.mandi.test',
    username: 'kinnaur_orchards',
    fullName: 'Tashi Negi',
    city: 'Reckong Peo',
    bio: 'Apples, apricots and rajma from 2,800 metres in Kinnaur. Picked when ripe and sent down the same week.',
    phone: '9418012345',
  },
];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Two dozen listings. Prices are in paise, weights in grams, sizes in millimetres. `validFor` and
// `postedAgo` are relative to the moment of seeding, so the storefront shows every wording of the
// expiry and posted-time texts: minutes and hours left, tomorrow, days, a year, one already expired. A few count
// their packs (`stock`, docs/stock.md): one sold out, two with 'Only N left', the rest unlimited.
const OFFICIAL = [
  {
    name: 'A2 Cow Ghee',
    description:
      'Bilona-churned ghee from the milk of grass-fed Gir cows. Rich aroma, grainy texture. 1 litre glass jar.',
    pricePaise: 145_000,
    weightGrams: 950,
    size: [90, 90, 160],
    category: 'ghee_butter',
    prePackaged: true,
    validFor: 90 * DAY,
    postedAgo: 3 * DAY,
    look: jar('#f2c14e', '#8d5524'),
    photos: 2,
  },
  {
    name: 'Alphonso Aam (Ratnagiri)',
    stock: 3,
    description: 'GI-tagged Ratnagiri Alphonso mangoes, naturally ripened in hay. One dozen, medium size.',
    pricePaise: 89_900,
    originalPricePaise: 99_900,
    weightGrams: 3000,
    size: [300, 250, 120],
    category: 'fresh_fruits',
    validFor: 5 * DAY,
    postedAgo: 2 * HOUR,
    look: round('#f6a623', '#3f8f3a'),
    photos: 3,
  },
  {
    name: 'Basmati Chawal',
    description: 'Aged long-grain basmati rice from the Dehradun valley. Cooks fluffy and fragrant. 5 kg bag.',
    pricePaise: 72_500,
    weightGrams: 5000,
    category: 'cereals',
    prePackaged: true,
    validFor: 180 * DAY,
    postedAgo: 10 * DAY,
    look: sack('#f3ead6', '#2e7d32'),
  },
  {
    name: 'Kachi Ghani Sarson Tel',
    description: 'Cold-pressed mustard oil from Bharatpur, pungent and unrefined, pressed in a wooden kolhu. 1 litre.',
    pricePaise: 24_500,
    weightGrams: 950,
    category: 'edible_oils',
    prePackaged: true,
    validFor: 120 * DAY,
    postedAgo: 4 * DAY,
    look: bottle('#d9a21b', '#2e7d32'),
    photos: 2,
  },
  {
    name: 'Wild Forest Honey',
    description:
      'Raw multi-flora honey collected by tribal cooperatives in the Sundarbans. Unheated, unfiltered. 500 g.',
    pricePaise: 39_900,
    weightGrams: 600,
    category: 'honey',
    prePackaged: true,
    validFor: 400 * DAY,
    postedAgo: 20 * DAY,
    look: jar('#c77b12', '#5d3a1a'),
  },
  {
    name: 'Chakki Fresh Atta',
    description: 'Whole-wheat flour stone-ground from Sharbati wheat of Sehore, Madhya Pradesh. 10 kg bag.',
    pricePaise: 52_000,
    weightGrams: 10_000,
    category: 'flour',
    prePackaged: true,
    validFor: 60 * DAY,
    postedAgo: 6 * DAY,
    look: sack('#ecdcb8', '#b85c1e'),
  },
  {
    name: 'Lakadong Haldi Powder',
    description: 'High-curcumin turmeric from the Jaintia Hills of Meghalaya, sun-dried and ground. 200 g pouch.',
    pricePaise: 18_000,
    weightGrams: 220,
    category: 'spices',
    prePackaged: true,
    validFor: 200 * DAY,
    postedAgo: 15 * DAY,
    look: sack('#f0a30a', '#2e7d32'),
  },
  {
    name: 'Desi Gud',
    description: 'Chemical-free jaggery from Kolhapur sugarcane, made in open pans. 1 kg block.',
    pricePaise: 14_000,
    weightGrams: 1000,
    category: 'jaggery',
    validFor: 90 * DAY,
    postedAgo: 8 * DAY,
    look: block('#9c5a1c'),
  },
  {
    name: 'Toor Dal',
    description: 'Unpolished arhar dal from Latur. No oil, no colour, just the lentil. 1 kg.',
    pricePaise: 18_500,
    weightGrams: 1000,
    category: 'pulses',
    prePackaged: true,
    validFor: 150 * DAY,
    postedAgo: 5 * DAY,
    look: sack('#f2c94c', '#6d4c41'),
  },
  {
    name: 'Aam ka Achaar',
    description: 'Grandmother-style raw mango pickle in mustard oil with fennel and nigella. 500 g jar.',
    pricePaise: 26_000,
    weightGrams: 550,
    category: 'pickles_preserves',
    prePackaged: true,
    validFor: 240 * DAY,
    postedAgo: 30 * DAY,
    look: jar('#d9822b', '#b71c1c'),
  },
  {
    name: 'Nagpur Santra',
    description: 'Juicy Nagpur oranges, sweet with a little tang. 2 kg box.',
    pricePaise: 21_000,
    weightGrams: 2000,
    category: 'fresh_fruits',
    validFor: 20 * HOUR,
    postedAgo: 5 * MINUTE,
    look: round('#f28c28', '#3f8f3a'),
    photos: 2,
  },
  {
    name: 'Kashmiri Lal Mirch',
    description: 'Whole dried Kashmiri chillies for deep colour and mild heat. 100 g.',
    pricePaise: 12_000,
    weightGrams: 110,
    category: 'spices',
    prePackaged: true,
    validFor: 180 * DAY,
    postedAgo: 12 * DAY,
    look: long('#b3261e', '#3f8f3a'),
  },
];

const FARMER = [
  {
    name: 'Desi Tamatar',
    description: 'Country tomatoes, tangy and thin-skinned, picked this morning in Niphad. 1 kg.',
    pricePaise: 4000,
    weightGrams: 1000,
    category: 'fresh_produce',
    validFor: 2 * HOUR + 10 * MINUTE,
    postedAgo: 30 * 1000,
    look: round('#d63a2f', '#3f8f3a'),
    photos: 2,
  },
  {
    name: 'Nashik Pyaz',
    description: 'Red onions from Lasalgaon, cured for two weeks so they keep. 5 kg bag.',
    pricePaise: 15_000,
    weightGrams: 5000,
    category: 'fresh_produce',
    validFor: 10 * DAY,
    postedAgo: 45 * MINUTE,
    look: round('#9c3d6b'),
    photos: 2,
  },
  {
    name: 'Thompson Seedless Angoor',
    description: 'Green seedless grapes, residue-tested, packed in 500 g punnets. 1 kg.',
    pricePaise: 12_000,
    weightGrams: 1000,
    size: [200, 150, 100],
    category: 'fresh_fruits',
    validFor: 3 * DAY,
    postedAgo: 5 * HOUR,
    look: round('#a8c256'),
  },
  {
    name: 'Hari Mirch',
    description: 'Spicy green chillies, freshly plucked. 250 g.',
    pricePaise: 2000,
    weightGrams: 250,
    category: 'fresh_produce',
    validFor: 40 * MINUTE,
    postedAgo: 1 * DAY,
    look: long('#3e9b35', '#2f6b22'),
  },
  {
    name: 'Bhindi',
    description: 'Tender lady finger, harvested young so it stays crisp. 500 g.',
    pricePaise: 3500,
    weightGrams: 500,
    category: 'fresh_produce',
    validFor: 2 * DAY,
    postedAgo: 26 * HOUR,
    look: long('#4f9a3a', '#2f6b22'),
    photos: 2,
  },
  {
    name: 'Pahadi Aloo',
    description: 'Hill potatoes, waxy and sweet, good for dum aloo. 5 kg.',
    pricePaise: 17_500,
    weightGrams: 5000,
    category: 'fresh_produce',
    validFor: 14 * DAY,
    postedAgo: 6 * DAY,
    look: root('#c9a66b'),
  },
  {
    name: 'Fresh Palak',
    description: 'Spinach bunches, washed and tied. About 250 g each.',
    pricePaise: 2500,
    weightGrams: 250,
    category: 'fresh_produce',
    validFor: 30 * HOUR,
    postedAgo: 3 * HOUR,
    look: leafy('#2f7d32'),
  },
  {
    name: 'Adrak',
    description: 'Fresh ginger with thin skin and strong bite. 250 g.',
    pricePaise: 4500,
    weightGrams: 250,
    category: 'fresh_produce',
    validFor: 7 * DAY,
    postedAgo: 2 * DAY,
    look: root('#c9a15f'),
  },
  {
    name: 'Elaichi Kela',
    description: 'Small, sweet cardamom bananas from the Konkan. One dozen.',
    pricePaise: 6000,
    weightGrams: 1200,
    category: 'fresh_fruits',
    validFor: -1 * DAY,
    postedAgo: 9 * DAY,
    look: long('#f2d22e', '#6b8e23'),
  },
  {
    name: 'Bhagwa Anar',
    stock: 12,
    description: 'Deep red Bhagwa pomegranates from Solapur. 1 kg, 3 to 4 fruits.',
    pricePaise: 18_000,
    weightGrams: 1000,
    category: 'fresh_fruits',
    validFor: 6 * DAY,
    postedAgo: 12 * DAY,
    look: round('#b3202a', '#7a3b1e'),
    photos: 2,
  },
  {
    name: 'Sweet Corn Bhutta',
    description: 'American sweet corn, four cobs, great roasted with nimbu and namak.',
    pricePaise: 6000,
    weightGrams: 1200,
    category: 'fresh_produce',
    validFor: 1 * DAY + 6 * HOUR,
    postedAgo: 50 * MINUTE,
    look: long('#f4cf3a', '#6b9e3a'),
  },
  {
    name: 'Hand-pounded Ragi',
    description: 'Finger millet from our own field, cleaned and sun-dried. 1 kg.',
    pricePaise: 9000,
    weightGrams: 1000,
    category: 'cereals',
    validFor: 45 * DAY,
    postedAgo: 40 * DAY,
    look: sack('#8b4f3a', '#2e7d32'),
  },
];

const PUNJAB = [
  {
    name: 'Sharbati Gehun',
    description: 'Golden Sharbati wheat, cleaned and sun-dried, ready for your chakki. 10 kg.',
    pricePaise: 48_000,
    weightGrams: 10_000,
    category: 'cereals',
    validFor: 120 * DAY,
    postedAgo: 7 * DAY,
    look: sack('#e3b55b', '#8d5524'),
  },
  {
    name: 'Sarson ka Saag',
    description: 'Tender mustard greens for saag, cut this morning. About 1 kg.',
    pricePaise: 6000,
    weightGrams: 1000,
    category: 'fresh_produce',
    validFor: 36 * HOUR,
    postedAgo: 4 * HOUR,
    look: leafy('#4c8c2b'),
    photos: 2,
  },
  {
    name: 'Makki ka Atta',
    description: 'Stone-ground yellow maize flour for makki di roti. 2 kg.',
    pricePaise: 16_000,
    weightGrams: 2000,
    category: 'flour',
    validFor: 45 * DAY,
    postedAgo: 3 * DAY,
    look: sack('#f2c230', '#2e7d32'),
  },
  {
    name: 'Laal Gajar',
    description: 'Sweet red Delhi carrots, the kind for gajar ka halwa. 2 kg.',
    pricePaise: 9000,
    weightGrams: 2000,
    category: 'fresh_produce',
    validFor: 5 * DAY,
    postedAgo: 20 * HOUR,
    look: long('#d9411e', '#4c8c2b'),
    photos: 2,
  },
  {
    name: 'Phool Gobhi',
    description: 'Firm white cauliflower heads, no chemical sprays. 2 heads, about 1.5 kg.',
    pricePaise: 7000,
    weightGrams: 1500,
    category: 'fresh_produce',
    validFor: 4 * DAY,
    postedAgo: 9 * HOUR,
    look: round('#f1ead2', '#4c8c2b'),
  },
  {
    name: 'Mooli',
    description: 'Crisp white radish with its leaves, for paratha and salad. 1 kg.',
    pricePaise: 3000,
    weightGrams: 1000,
    category: 'fresh_produce',
    validFor: 3 * DAY,
    postedAgo: 2 * DAY,
    look: long('#f4f1ea', '#4c8c2b'),
  },
];

const KERALA = [
  {
    name: 'Malabar Kali Mirch',
    description: 'Bold Tellicherry black pepper from Wayanad, sun-dried on the estate. 250 g.',
    pricePaise: 22_000,
    weightGrams: 260,
    category: 'spices',
    prePackaged: true,
    validFor: 300 * DAY,
    postedAgo: 11 * DAY,
    look: round('#3b2f2a'),
    photos: 2,
  },
  {
    name: 'Hari Elaichi',
    stock: 0,
    description: 'Green cardamom pods, 8 mm bold grade, intensely aromatic. 100 g.',
    pricePaise: 38_000,
    weightGrams: 110,
    category: 'spices',
    prePackaged: true,
    validFor: 250 * DAY,
    postedAgo: 16 * DAY,
    look: round('#7fa650'),
  },
  {
    name: 'Nariyal',
    description: 'Mature brown coconuts for chutney and cooking. 3 pieces.',
    pricePaise: 12_000,
    weightGrams: 1800,
    category: 'fresh_fruits',
    validFor: 20 * DAY,
    postedAgo: 5 * DAY,
    look: round('#7a4a26'),
  },
  {
    name: 'Virgin Coconut Oil',
    description: 'Cold-pressed from fresh coconut milk, no heat, no refining. 500 ml.',
    pricePaise: 34_000,
    weightGrams: 520,
    category: 'edible_oils',
    prePackaged: true,
    validFor: 365 * DAY,
    postedAgo: 25 * DAY,
    look: bottle('#f3efe0', '#2e7d32'),
  },
  {
    name: 'Nendran Kela',
    description: 'Kerala plantains for chips and steaming, raw-ripe. 1 kg.',
    pricePaise: 8000,
    weightGrams: 1000,
    category: 'fresh_fruits',
    validFor: 4 * DAY,
    postedAgo: 30 * HOUR,
    look: long('#e9c23a', '#6b8e23'),
    photos: 2,
  },
];

const HIMACHAL = [
  {
    name: 'Kinnauri Seb',
    stock: 25,
    description: 'Crisp, sweet Royal Delicious apples from Kinnaur orchards at 2,800 m. 3 kg box.',
    pricePaise: 42_000,
    weightGrams: 3000,
    size: [350, 250, 150],
    category: 'fresh_fruits',
    validFor: 15 * DAY,
    postedAgo: 6 * HOUR,
    look: round('#c0262d', '#4c8c2b'),
    photos: 3,
  },
  {
    name: 'Pahadi Rajma',
    description: 'Small red Kinnaur rajma that cooks creamy. 1 kg.',
    pricePaise: 24_000,
    weightGrams: 1000,
    category: 'pulses',
    validFor: 200 * DAY,
    postedAgo: 18 * DAY,
    look: sack('#8e2a2a', '#2e7d32'),
  },
  {
    name: 'Pahadi Lehsun',
    description: 'Single-clove mountain garlic, strong and juicy. 250 g.',
    pricePaise: 15_000,
    weightGrams: 250,
    category: 'fresh_produce',
    validFor: 30 * DAY,
    postedAgo: 4 * DAY,
    look: round('#efe6d8'),
  },
  {
    name: 'Sukhi Khubani',
    stock: 4,
    description: 'Sun-dried Kinnaur apricots, no sulphur. 500 g.',
    pricePaise: 36_000,
    weightGrams: 500,
    category: 'fresh_fruits',
    validFor: 180 * DAY,
    postedAgo: 14 * DAY,
    look: round('#e8892b', '#7a4a26'),
  },
  {
    name: 'Hari Matar',
    description: 'Sweet green peas in the pod, picked at dawn. 1 kg.',
    pricePaise: 8000,
    weightGrams: 1000,
    category: 'fresh_produce',
    validFor: -3 * HOUR,
    postedAgo: 3 * DAY,
    look: round('#6aa84f', '#3d7a2a'),
  },
];

/**
 * A demo product: what every one has, and what only some say (dimensions, an original price, packaging, stock).
 * @typedef {{ seller: string, name: string, description: string, pricePaise: number, weightGrams: number,
 *   category: string, validFor: number, postedAgo: number, look: object, size?: [number, number, number],
 *   originalPricePaise?: number, prePackaged?: boolean, stock?: number | null }} DemoProduct
 */

/**
 * The products of the catalog, each with the key of its seller (a demo account or a demo farmer).
 * @type {DemoProduct[]}
 */
export const DEMO_PRODUCTS = [
  ...OFFICIAL.map((product) => ({ ...product, seller: 'admin' })),
  ...FARMER.map((product) => ({ ...product, seller: 'seller' })),
  ...PUNJAB.map((product) => ({ ...product, seller: 'punjab' })),
  ...KERALA.map((product) => ({ ...product, seller: 'kerala' })),
  ...HIMACHAL.map((product) => ({ ...product, seller: 'himachal' })),
];

const SELLER_CONTACT = {
  admin: { phone: '9876500001', email: 'admin@mandi.test' },
  seller: { phone: '9822012345', email: 'seller@mandi.test' },
  ...Object.fromEntries(DEMO_FARMERS.map((farmer) => [farmer.key, { phone: farmer.phone, email: farmer.email }])),
};

/**
 * Draws each photo of `product` and writes it to the local file store under products/<id>/, the key layout of a
 * seller's upload; returns the keys in display order.
 */
async function writeDemoPhotos(fileStoreDir, productId, product) {
  const keys = [];
  for (let photo = 0; photo < (product.photos ?? 1); photo += 1) {
    const key = `products/${productId}/${randomBytes(8).toString('hex')}.jpg`;
    const file = path.join(fileStoreDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await demoImageJpeg(product.name, product.look, photo));
    keys.push(key);
  }
  return keys;
}

/** The buyer's default address: central Bengaluru. */
export const DEMO_ADDRESS = {
  name: 'Priya Sharma',
  mobile: '9845012345',
  state: 'Karnataka',
  district: 'Bangalore',
  taluk: 'Bangalore North',
  flatHouseBuilding: 'Flat 402, Prestige Meridian, 29',
  areaOrStreetOrVillage: 'MG Road',
  landmark: 'Opposite MG Road metro station',
  pincode: '560001',
};

/**
 * Finds or creates each demo account in the Firebase Auth emulator at `host` (never a real project)
 * and returns the uid per account key. An account that already exists with that e-mail is reused.
 */
export async function ensureDemoAuthUsers({ host, projectId, knownUids = {} }) {
  if (!host) throw new Error('The seed creates accounts only in the Firebase Auth emulator: give its host:port.');
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  // firebase-admin reads the emulator's address from the environment when the app is used.
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const app = initializeApp({ projectId }, `mandi-seed-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const uids = {};
    for (const account of DEMO_ACCOUNTS) {
      const wantedUid = account.key === 'admin' ? DEMO_OFFICIAL_SELLER_UID : knownUids[account.key];
      let user = await auth.getUserByEmail(account.email).catch((error) => {
        if (error.code === 'auth/user-not-found') return null;
        throw error;
      });
      if (user && wantedUid && user.uid !== wantedUid) {
        // An emulator account with another uid than our row names would sign in to nobody: replace it.
        await auth.deleteUser(user.uid);
        user = null;
      }
      user ??= await auth.createUser({
        ...(wantedUid ? { uid: wantedUid } : {}),
        email: account.email,
        password: DEMO_PASSWORD,
        emailVerified: true,
        displayName: account.username,
      });
      uids[account.key] = user.uid;
    }
    return uids;
  } finally {
    await deleteApp(app);
    if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  }
}

async function hasUsers(client) {
  const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM users) AS present');
  return rows[0].present;
}

/**
 * The demo buyer's orders, so My Orders and the console have something to show on a first start: one in each stage
 * an order passes through. Times are before the seed's `now`; `paid` orders get their invoice from the worker.
 */
/** @type {{ lines: [string, number][], [key: string]: any }[]} */
const DEMO_ORDERS = [
  {
    ago: 25 * MINUTE,
    method: 'cod',
    status: 'pending',
    paid: false,
    lines: [
      ['Desi Tamatar', 2],
      ['Bhindi', 1],
    ],
  },
  {
    ago: 3 * HOUR,
    method: 'online',
    status: 'confirmed',
    paid: true,
    lines: [
      ['A2 Cow Ghee', 1],
      ['Wild Forest Honey', 1],
    ],
  },
  { ago: 2 * DAY, method: 'cod', status: 'shipped', paid: false, lines: [['Basmati Chawal', 1]] },
  {
    // One cart of three suppliers (docs/invoices.md, "Suppliers"): Mandi's own ghee, Anjali's pepper (registered) and
    // Gurpreet's greens (a farmer without a GSTIN): the worker issues a document in each one's name.
    ago: 4 * DAY,
    method: 'online',
    status: 'delivered',
    paid: true,
    lines: [
      ['A2 Cow Ghee', 1],
      ['Malabar Kali Mirch', 2],
      ['Sarson ka Saag', 1],
    ],
  },
  {
    ago: 6 * DAY,
    method: 'cod',
    status: 'delivered',
    paid: true,
    lines: [
      ['Nashik Pyaz', 1],
      ['Pahadi Aloo', 1],
    ],
  },
];

/**
 * The demo farmers' business profiles, approved (docs/sellers.md): Anjali is registered under GST in Kerala, Gurpreet
 * sells his own produce without a GSTIN. PAN, GSTIN and account number are sealed as the API seals them, with the
 * configuration's SELLER_DATA_KEY (the development key unless one is set).
 */
const DEMO_PROFILES = {
  kerala: {
    legalName: 'Anjali Nair',
    businessKind: 'proprietor',
    pan: 'AKLPN4821Q',
    gstinState: '32',
    fssai: '11322016000457',
    pickup: [
      'Anjali Nair',
      '9447012345',
      'Malabar Estate, Muttil',
      'Kalpetta Road',
      'Near the church',
      'Vythiri',
      'Wayanad',
      'Kerala',
      '673122',
    ],
    account: ['Anjali Nair', '50100234567812', 'HDFC0001234', 'HDFC Bank'],
  },
  punjab: {
    legalName: 'Gurpreet Singh Sandhu',
    businessKind: 'individual_farmer',
    pan: 'BQWPS7315K',
    gstinState: null,
    fssai: null,
    pickup: [
      'Gurpreet Singh',
      '9814012345',
      'Sandhu Farm, Village Bhari',
      'Samrala Road',
      'Near the gurdwara',
      'Samrala',
      'Ludhiana',
      'Punjab',
      '141114',
    ],
    account: ['Gurpreet Singh Sandhu', '32145698712', 'PUNB0012300', 'Punjab National Bank'],
  },
};

async function insertDemoProfiles(client, { userIds, adminId, now }) {
  const { SealedText, sellerProfileSealContext } = await import('@mandi/database');
  const { gstinCheckCharacter } = await import('@mandi/domain');
  const { DEV_SELLER_DATA_KEY } = await import('../../libs/config/src/development-values.js');
  const sealer = new SealedText(process.env.SELLER_DATA_KEY || DEV_SELLER_DATA_KEY);
  for (const [key, profile] of Object.entries(DEMO_PROFILES)) {
    const userId = userIds[key];
    const seal = (column, value) => Buffer.from(sealer.seal(value, sellerProfileSealContext(column, userId)));
    const body = profile.gstinState && `${profile.gstinState}${profile.pan}1Z`;
    const gstin = body && `${body}${gstinCheckCharacter(body)}`;
    const [holder, account, ifsc, bank] = profile.account;
    await client.query(
      `INSERT INTO seller_profiles (user_id, legal_name, business_kind, pan_sealed, pan_last4, gstin_sealed, gstin_last4,
         fssai_number, pickup_name, pickup_mobile, pickup_flat_house_building, pickup_area_or_street_or_village,
         pickup_landmark, pickup_taluk, pickup_district, pickup_state, pickup_pincode, bank_account_holder,
         bank_account_sealed, bank_account_last4, ifsc, bank_name, status, submitted_at, reviewed_at, reviewed_by)
       VALUES ($1, $2, $3::business_kind, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
               $21, $22, 'approved', $23, $23, $24)`,
      [
        userId,
        profile.legalName,
        profile.businessKind,
        seal('pan', profile.pan),
        profile.pan.slice(-4),
        gstin ? seal('gstin', gstin) : null,
        gstin ? gstin.slice(-4) : null,
        profile.fssai,
        ...profile.pickup,
        holder,
        seal('bank_account', account),
        account.slice(-4),
        ifsc,
        bank,
        new Date(now.getTime() - 20 * DAY),
        adminId,
      ],
    );
  }
}

/**
 * A captured payment of `amountPaise` at the local Razorpay sandbox (`razorpay`: its URL and keys): a Razorpay order
 * made through the REST API and paid with the sandbox's control API, its webhooks held back (the seeded order is paid
 * already). Answers Razorpay's order and payment ids.
 * @param {{ url: string, keyId: string, keySecret: string }} razorpay
 */
async function sandboxPayment(razorpay, amountPaise, orderId) {
  const authorization = `Basic ${Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString('base64')}`;
  const created = await fetch(`${razorpay.url}/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt: `demo-${orderId}` }),
  });
  if (!created.ok) throw new Error(`The Razorpay sandbox refused a demo order (${created.status})`);
  const { id } = /** @type {{ id: string }} */ (await created.json());
  const paid = await fetch(`${razorpay.url}/sandbox/orders/${id}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ outcome: 'success', delivery: 'never' }),
  });
  if (!paid.ok) throw new Error(`The Razorpay sandbox refused to pay a demo order (${paid.status})`);
  const { razorpay_payment_id: paymentId } = /** @type {{ razorpay_payment_id: string }} */ (await paid.json());
  return { orderId: id, paymentId };
}

/**
 * Writes the demo orders as checkout does: priced by libs/domain (built by then: npm start, the tests and the e2e
 * server build first), with copies of the address and lines, a payment each, and the outbox events the worker acts on.
 */
async function insertDemoOrders(client, { buyerId, products, now, razorpay }) {
  const { CATEGORY_TAX, gstRatePercent, orderTotals } = await import('@mandi/domain');
  for (const order of DEMO_ORDERS) {
    const lines = order.lines.map(([name, quantity]) => ({ product: products.get(name), quantity }));
    const totals = orderTotals(
      lines.map(({ product, quantity }) => ({
        unitPaise: product.pricePaise,
        quantity,
        weightGrams: product.weightGrams,
      })),
      order.method,
    );
    const placedAt = new Date(now.getTime() - order.ago);
    const reached = (status) =>
      ['confirmed', 'shipped', 'delivered'].indexOf(status) <=
      ['confirmed', 'shipped', 'delivered'].indexOf(order.status);
    const at = (status, hours) =>
      order.status !== 'pending' && reached(status) ? new Date(placedAt.getTime() + hours * HOUR) : null;
    const {
      rows: [{ id: orderId }],
    } = await client.query(
      `INSERT INTO orders (user_id, status, payment_method, payment_status, subtotal_paise, shipping_paise, total_paise,
         total_weight_grams, address_id, address_name, address_mobile, address_flat_house_building,
         address_area_or_street_or_village, address_landmark, address_taluk, address_district, address_state,
         address_pincode, confirmed_at, shipped_at, delivered_at, paid_at, created_at, updated_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, a.id, a.name, a.mobile, a.flat_house_building, a.area_or_street_or_village,
              a.landmark, a.taluk, a.district, a.state, a.pincode, $9, $10, $11, $12, $13, $13
         FROM addresses a WHERE a.user_id = $1 AND a.is_default
       RETURNING id`,
      [
        buyerId,
        order.status,
        order.method,
        order.paid ? 'paid' : 'unpaid',
        totals.subtotal,
        totals.shipping,
        totals.grandTotal,
        totals.totalWeightGrams,
        at('confirmed', 1),
        at('shipped', 20),
        at('delivered', 70),
        order.paid ? (order.method === 'online' ? placedAt : at('delivered', 70)) : null,
        placedAt,
      ],
    );
    for (const { product, quantity } of lines) {
      await client.query(
        `INSERT INTO order_items (order_id, product_id, seller_id, product_name, image_key, unit_price_paise, quantity,
           weight_grams, category, hsn_code, gst_rate_percent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          orderId,
          product.id,
          product.sellerId,
          product.name,
          product.imageKey,
          product.pricePaise,
          quantity,
          product.weightGrams,
          product.category,
          CATEGORY_TAX[product.category].hsn,
          gstRatePercent(product.category, product.prePackaged ?? false),
        ],
      );
    }
    const online = order.method === 'online';
    // A paid online order's payment is a real one of the local Razorpay sandbox when it runs (npm start, the e2e
    // server), so the payouts of its sellers can be transferred from it (docs/payouts.md); made up otherwise.
    const provider =
      online && order.paid && razorpay
        ? await sandboxPayment(razorpay, totals.grandTotal, orderId)
        : {
            orderId: `order_demo${randomBytes(5).toString('hex')}`,
            paymentId: `pay_demo${randomBytes(5).toString('hex')}`,
          };
    await client.query(
      `INSERT INTO payments (order_id, provider, provider_order_id, provider_payment_id, amount_paise, status,
         signature_verified, method, captured_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        orderId,
        online ? 'razorpay' : 'cod',
        online ? provider.orderId : null,
        online ? provider.paymentId : null,
        totals.grandTotal,
        order.paid ? 'captured' : 'created',
        online,
        online ? 'upi' : null,
        order.paid ? placedAt : null,
        placedAt,
      ],
    );
    // order.placed schedules the deadline (which leaves these alone once confirmed); order.paid issues the invoice.
    for (const type of order.paid ? ['order.placed', 'order.paid'] : ['order.placed']) {
      await client.query(`INSERT INTO outbox_events (type, aggregate_id, payload) VALUES ($1, $2, $3)`, [
        type,
        String(orderId),
        { orderId },
      ]);
    }
  }
}

/**
 * Writes the demo rows for the Firebase uids given per account key, in one transaction, unless the
 * database already has users, and the products' photos into the local file store at `fileStoreDir` (removed
 * again if the transaction fails). Returns whether it wrote anything.
 */
export async function seedDatabase(
  databaseUrl,
  uids,
  { now = new Date(), fileStoreDir = process.env.FILE_STORE_DIR || 'var/files', razorpay = null } = {},
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const productFolders = [];
  try {
    await client.query('BEGIN');
    // Two seeds started together: the second waits here, then finds the users of the first.
    await client.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    if (await hasUsers(client)) {
      await client.query('ROLLBACK');
      return false;
    }
    const userIds = {};
    // The demo accounts sign in with the emulator's uids; the farmers have none (nobody signs in as them).
    const people = [
      ...DEMO_ACCOUNTS.map((account) => ({ ...account, uid: uids[account.key] })),
      ...DEMO_FARMERS.map((farmer) => ({ ...farmer, role: 'user', uid: `demo-farmer-${farmer.key}` })),
    ];
    for (const person of people) {
      const { rows } = await client.query(
        `INSERT INTO users (firebase_uid, username, email, role, agreed_to_terms, agreed_at, ip_address, terms_version)
         VALUES ($1, $2, $3, $4, true, $5, '127.0.0.1', 'v1.0') RETURNING id`,
        [person.uid, person.username, person.email, person.role, now],
      );
      userIds[person.key] = rows[0].id;
      await client.query('INSERT INTO profiles (user_id, full_name, bio, city) VALUES ($1, $2, $3, $4)', [
        userIds[person.key],
        person.fullName,
        person.bio,
        person.city,
      ]);
    }
    /** The seeded products by name, as the demo orders copy them. */
    const seededProducts = new Map();
    for (const product of DEMO_PRODUCTS) {
      const contact = SELLER_CONTACT[product.seller];
      const [length, width, height] = product.size ?? [null, null, null];
      const createdAt = new Date(now.getTime() - product.postedAgo);
      const {
        rows: [{ id: productId }],
      } = await client.query(
        `INSERT INTO products (seller_id, name, description, price_paise, original_price_paise, valid_until, seller_phone,
           seller_email, weight_grams, length_mm, width_mm, height_mm, official_brand, category, pre_packaged, created_at, updated_at, stock)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17)
         RETURNING id`,
        [
          userIds[product.seller],
          product.name,
          product.description,
          product.pricePaise,
          product.originalPricePaise ?? null,
          new Date(now.getTime() + product.validFor),
          contact.phone,
          contact.email,
          product.weightGrams,
          length,
          width,
          height,
          // The server's rule (docs/decisions.md): official exactly when the seller is the official seller.
          product.seller === 'admin',
          product.category,
          product.prePackaged ?? false,
          createdAt,
          product.stock ?? null,
        ],
      );
      productFolders.push(path.join(fileStoreDir, 'products', String(productId)));
      const keys = await writeDemoPhotos(fileStoreDir, productId, product);
      seededProducts.set(product.name, {
        ...product,
        id: productId,
        sellerId: userIds[product.seller],
        imageKey: keys[0],
      });
      for (const [position, key] of keys.entries()) {
        await client.query(
          `INSERT INTO product_images (product_id, position, file_key, content_type, created_at) VALUES ($1, $2, $3, 'image/jpeg', $4)`,
          [productId, position, key, createdAt],
        );
      }
      // As for a seller's post: the worker makes the card and thumbnail sizes of the photos.
      await client.query(`INSERT INTO outbox_events (type, aggregate_id, payload) VALUES ('product.created', $1, $2)`, [
        String(productId),
        { productId },
      ]);
    }
    await client.query(
      `INSERT INTO addresses (user_id, name, mobile, state, district, taluk, flat_house_building, area_or_street_or_village,
         landmark, pincode, is_default)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)`,
      [
        userIds.buyer,
        DEMO_ADDRESS.name,
        DEMO_ADDRESS.mobile,
        DEMO_ADDRESS.state,
        DEMO_ADDRESS.district,
        DEMO_ADDRESS.taluk,
        DEMO_ADDRESS.flatHouseBuilding,
        DEMO_ADDRESS.areaOrStreetOrVillage,
        DEMO_ADDRESS.landmark,
        DEMO_ADDRESS.pincode,
      ],
    );
    // Before the orders: the worker issues their documents in the name of whoever is approved when they are paid.
    await insertDemoProfiles(client, { userIds, adminId: userIds.admin, now });
    // Approved, as an admin's review announces it: the worker opens each farmer's Route linked account (docs/payouts.md).
    for (const key of Object.keys(DEMO_PROFILES))
      await client.query(
        `INSERT INTO outbox_events (type, aggregate_id, payload) VALUES ('seller_profile.approved', $1, $2)`,
        [String(userIds[key]), { userId: userIds[key] }],
      );
    await insertDemoOrders(client, { buyerId: userIds.buyer, products: seededProducts, now, razorpay });
    // The buyer has asked to sell, so the console's Interested Sellers tab has someone to invite.
    const buyer = DEMO_ACCOUNTS.find((account) => account.key === 'buyer');
    await client.query(
      'INSERT INTO interested_sellers (user_id, username, email, interest_date) VALUES ($1, $2, $3, $4)',
      [userIds.buyer, buyer.username, buyer.email, new Date(now.getTime() - 2 * DAY)],
    );
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    await Promise.all(productFolders.map((folder) => rm(folder, { recursive: true, force: true })));
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Seeds an empty database: the demo accounts in the Auth emulator and in our tables, the catalog and
 * the buyer's address, and the photos into the local file store (FILE_STORE_DIR unless `fileStoreDir` is given).
 * Does nothing when the database has users. Returns whether it seeded.
 * @param {string} databaseUrl
 * @param {{ firebaseAuthEmulatorHost?: string, projectId?: string, fileStoreDir?: string, razorpay?: { url: string, keyId: string, keySecret: string } | null, log?: (message: string) => void }} [options]
 * @returns {Promise<boolean>}
 */
export async function seed(
  databaseUrl,
  { firebaseAuthEmulatorHost, projectId = 'demo-mandi', fileStoreDir, razorpay = null, log = () => {} } = {},
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let empty;
  let knownUids;
  try {
    empty = !(await hasUsers(client));
    knownUids = await demoUidsInDatabase(client);
  } finally {
    await client.end();
  }
  // Runs on every start: the emulator may have lost its accounts (a fresh var/, another emulator) while the
  // database kept its users, and the demo accounts must sign in with the uids our rows name.
  const uids = await ensureDemoAuthUsers({ host: firebaseAuthEmulatorHost, projectId, knownUids });
  if (knownUids.admin && knownUids.admin !== uids.admin)
    await adoptOfficialSellerUid(databaseUrl, knownUids.admin, uids.admin);
  if (!empty) {
    log('Database has users already: not seeding (demo sign-ins checked in the Auth emulator)');
    return false;
  }
  const seeded = await seedDatabase(databaseUrl, uids, { fileStoreDir, razorpay });
  log(
    seeded
      ? `Seeded ${DEMO_ACCOUNTS.length} demo accounts, ${DEMO_FARMERS.length} more farmers and ${DEMO_PRODUCTS.length} products with photos`
      : 'Database has users already: not seeding',
  );
  return seeded;
}

/**
 * A database seeded before the official seller was named by uid keeps its demo admin under a random uid: give that
 * row the fixed uid, so development's admin still posts 'Original' products.
 */
async function adoptOfficialSellerUid(databaseUrl, oldUid, newUid) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE users SET firebase_uid = $2 WHERE firebase_uid = $1', [oldUid, newUid]);
  } finally {
    await client.end();
  }
}

/** The Firebase uids our users table holds for the demo accounts, by account key. */
async function demoUidsInDatabase(client) {
  const { rows } = await client.query(
    'SELECT email::text AS email, firebase_uid FROM users WHERE email = ANY($1::citext[])',
    [DEMO_ACCOUNTS.map((account) => account.email)],
  );
  const uids = {};
  for (const account of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email.toLowerCase() === account.email);
    if (row) uids[account.key] = row.firebase_uid;
  }
  return uids;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  try {
    await seed(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, {
      firebaseAuthEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099',
      projectId: process.env.FIREBASE_PROJECT_ID || 'demo-mandi',
      log: (message) => console.log(message),
    });
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
