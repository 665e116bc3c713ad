/**
 * Product categories, chosen for what they decide: the HSN code and the GST rate on invoices.
 * Sources and reasoning are in docs/domain.md ('Product categories and GST').
 */
export const PRODUCT_CATEGORIES = [
  'fresh_produce',
  'fresh_fruits',
  'cereals',
  'pulses',
  'flour',
  'ghee_butter',
  'spices',
  'edible_oils',
  'honey',
  'jaggery',
  'pickles_preserves',
  'seeds',
] as const;

/** One of {@link PRODUCT_CATEGORIES}. */
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The category of a product whose name tells us nothing (the default). */
export const DEFAULT_PRODUCT_CATEGORY: ProductCategory = 'fresh_produce';

/** How GST treats a category: the 4-digit HSN heading and the rate for loose and for pre-packaged, labelled goods. */
export interface CategoryTax {
  label: string;
  /** 4-digit HSN heading (enough for sellers with turnover up to Rs 5 crore). */
  hsn: string;
  /** Rate in percent when sold loose (not pre-packaged and labelled); 0 means exempt (nil rated). */
  loosePercent: number;
  /** Rate in percent when pre-packaged and labelled under the Legal Metrology Act. */
  packagedPercent: number;
}

/** HSN heading and GST rates per category, as in force from 22 September 2025 (56th GST Council). */
export const CATEGORY_TAX: Readonly<Record<ProductCategory, CategoryTax>> = {
  fresh_produce: { label: 'Fresh vegetables', hsn: '0709', loosePercent: 0, packagedPercent: 0 },
  fresh_fruits: { label: 'Fresh fruits', hsn: '0810', loosePercent: 0, packagedPercent: 0 },
  cereals: { label: 'Rice, wheat and millets', hsn: '1006', loosePercent: 0, packagedPercent: 5 },
  pulses: { label: 'Pulses (dal)', hsn: '0713', loosePercent: 0, packagedPercent: 5 },
  flour: { label: 'Atta and flours', hsn: '1101', loosePercent: 0, packagedPercent: 5 },
  ghee_butter: { label: 'Ghee and butter', hsn: '0405', loosePercent: 5, packagedPercent: 5 },
  spices: { label: 'Spices', hsn: '0910', loosePercent: 5, packagedPercent: 5 },
  edible_oils: { label: 'Edible oils', hsn: '1515', loosePercent: 5, packagedPercent: 5 },
  honey: { label: 'Natural honey', hsn: '0409', loosePercent: 0, packagedPercent: 5 },
  jaggery: { label: 'Jaggery (gur)', hsn: '1701', loosePercent: 0, packagedPercent: 5 },
  pickles_preserves: { label: 'Pickles and preserves', hsn: '2001', loosePercent: 5, packagedPercent: 5 },
  seeds: { label: 'Seeds for sowing', hsn: '1209', loosePercent: 0, packagedPercent: 0 },
};

/** True when `value` is one of {@link PRODUCT_CATEGORIES}. */
export function isProductCategory(value: unknown): value is ProductCategory {
  return (PRODUCT_CATEGORIES as readonly unknown[]).includes(value);
}

/** The GST rate in percent of a category, loose or pre-packaged and labelled. */
export function gstRatePercent(category: ProductCategory, prePackaged: boolean): number {
  const tax = CATEGORY_TAX[category];
  return prePackaged ? tax.packagedPercent : tax.loosePercent;
}

// Keywords in English and Hinglish, checked in this order: the first category with a match wins, so
// 'mustard oil' is an oil (not the spice), 'onion pickle' a pickle, 'besan' a flour and 'green chilli' a vegetable.
const KEYWORDS: readonly (readonly [ProductCategory, readonly string[]])[] = [
  ['pickles_preserves', ['pickle', 'achar', 'achaar', 'murabba', 'jam', 'preserve', 'chutney', 'ketchup', 'sauce']],
  ['edible_oils', ['oil', 'tel', 'tael']],
  ['ghee_butter', ['ghee', 'ghi', 'butter', 'makhan', 'makkhan']],
  ['honey', ['honey', 'shahad', 'shehad', 'madhu']],
  ['jaggery', ['jaggery', 'gur', 'gud', 'shakkar']],
  ['seeds', ['seeds for sowing', 'sowing seed', 'beej', 'seedling']],
  ['flour', ['atta', 'aata', 'flour', 'maida', 'besan', 'sooji', 'suji', 'rava', 'rawa', 'dalia', 'daliya']],
  [
    'pulses',
    [
      'dal',
      'daal',
      'dhal',
      'lentil',
      'chana',
      'chickpea',
      'rajma',
      'moong',
      'mung',
      'masoor',
      'urad',
      'toor',
      'tur',
      'arhar',
      'lobia',
      'kulthi',
      'matki',
    ],
  ],
  [
    'cereals',
    ['rice', 'chawal', 'basmati', 'wheat', 'gehun', 'gehu', 'bajra', 'jowar', 'ragi', 'millet', 'maize', 'poha'],
  ],
  // Fresh chillies, capsicum, sweet corn, ginger, garlic and turmeric root are vegetables; only dried or powdered forms are spices.
  [
    'fresh_produce',
    [
      'green chilli',
      'green chili',
      'hari mirch',
      'bell pepper',
      'capsicum',
      'shimla mirch',
      'sweet corn',
      'fresh turmeric',
      'kachi haldi',
      'ginger',
      'adrak',
      'garlic',
      'lahsun',
      'lehsun',
    ],
  ],
  [
    'spices',
    [
      'spice',
      'masala',
      'haldi',
      'turmeric',
      'mirch',
      'chilli powder',
      'red chilli',
      'jeera',
      'cumin',
      'dhaniya powder',
      'coriander seed',
      'elaichi',
      'cardamom',
      'pepper',
      'kali mirch',
      'laung',
      'clove',
      'dalchini',
      'cinnamon',
      'saunf',
      'fennel',
      'methi dana',
      'hing',
      'ajwain',
      'rai',
      'kesar',
      'saffron',
    ],
  ],
  [
    'fresh_fruits',
    [
      'fruit',
      'apple',
      'seb',
      'mango',
      'aam',
      'banana',
      'kela',
      'orange',
      'santra',
      'mosambi',
      'grape',
      'angoor',
      'papaya',
      'papita',
      'guava',
      'amrood',
      'pomegranate',
      'anar',
      'watermelon',
      'tarbooz',
      'muskmelon',
      'kharbooja',
      'pineapple',
      'ananas',
      'chikoo',
      'sapota',
      'lychee',
      'litchi',
      'jamun',
      'strawberry',
      'coconut',
      'nariyal',
      'lemon',
      'nimbu',
      'lime',
      'berry',
      'berries',
      'pear',
      'nashpati',
      'plum',
      'aloo bukhara',
      'peach',
      'custard apple',
      'sitaphal',
    ],
  ],
];

/** Lower-case words of a product name separated by single spaces, with spaces at both ends. */
function words(name: string): string {
  return ` ${name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** True when the keyword (one or more words) occurs in the name as whole words, allowing an 's' or 'es' plural. */
function mentions(text: string, keyword: string): boolean {
  return [keyword, `${keyword}s`, `${keyword}es`].some((form) => text.includes(` ${form} `));
}

/** Guesses a product's category from its name (English and Hinglish keywords); fresh produce when nothing matches. */
export function inferCategory(productName: string): ProductCategory {
  const text = words(productName);
  for (const [category, keywords] of KEYWORDS) {
    if (keywords.some((keyword) => mentions(text, keyword))) return category;
  }
  return DEFAULT_PRODUCT_CATEGORY;
}
