import type { Paise } from '../money/money.js';
import { CATEGORY_TAX, PRODUCT_CATEGORIES, type ProductCategory } from '../products/product.category.js';
import { isSoldOut, quantityMaxFor } from '../products/product.stock.js';
import type { BusinessKind } from '../sellers/seller-profile.js';
import { storeGps } from './catalog-places.js';
import { ONDC_COUNTRY } from './ondc-protocol.js';

/*
 * Mandi's catalogue as ONDC's on_search carries it (issue 33, docs/ondc.md, "The catalogue"): each approved seller, and
 * Mandi itself for its official products, is a provider (`bpp/providers`) with its store location and its items.
 * Shapes and values are RET10 (grocery) at retail API 1.2.0 as ONDC's log-validation-utility checks an on_search
 * (utils/Retail/Search/on_search.ts, schema/Retail/RET/on_search.ts and on_search_inc.ts, constants/category.ts,
 * utils/enum.ts) and as ONDC-RET-Specifications' examples lay them out (on_search_Grocery.yaml,
 * incremental_catalog_refresh_item_changes.yaml, incremental_catalog_refresh.md). Pure: the worker reads the rows.
 */

/** How buyer apps know Mandi (`bpp/descriptor/name`). */
export const ONDC_NETWORK_NAME = 'Mandi';

/**
 * Mandi is a marketplace seller node (MSN): it sells other businesses' goods, each its own provider, and not its own
 * inventory alone (an ISN). The validator's bpp_terms tag; accept_bap_terms and collect_payment are refused there.
 */
export const ONDC_NP_TYPE = 'MSN';

/** The grocery categories of RET10 Mandi's products map to (validator's utils/enum.ts groceryCategories). */
export type OndcGroceryCategory =
  | 'Fruits and Vegetables'
  | 'Rice and Rice Products'
  | 'Dals and Pulses'
  | 'Atta, Flours and Sooji'
  | 'Oil & Ghee'
  | 'Masala & Seasoning'
  | 'Sauces, Spreads and Dips'
  | 'Salt, Sugar and Jaggery'
  | 'Pickles and Chutney';

/**
 * Mandi's category -> ONDC's RET10 category, from the list the validator accepts (utils/enum.ts groceryCategories,
 * each also in constants/category.ts groceryCategoryMappingWithStatutory, which refuses any other). RET10 has no
 * category of whole wheat or millets: Mandi's cereals go to 'Rice and Rice Products', the nearest. Honey is a spread
 * there. Seeds for sowing are not grocery (ONDC has them in the agriculture domain, AGR10 'Seed'): not offered.
 */
export const ONDC_CATEGORY_OF: Readonly<Record<ProductCategory, OndcGroceryCategory | null>> = {
  fresh_produce: 'Fruits and Vegetables',
  fresh_fruits: 'Fruits and Vegetables',
  cereals: 'Rice and Rice Products',
  pulses: 'Dals and Pulses',
  flour: 'Atta, Flours and Sooji',
  ghee_butter: 'Oil & Ghee',
  spices: 'Masala & Seasoning',
  edible_oils: 'Oil & Ghee',
  honey: 'Sauces, Spreads and Dips',
  jaggery: 'Salt, Sugar and Jaggery',
  pickles_preserves: 'Pickles and Chutney',
  seeds: null,
};

/** The statutory fields ONDC requires of an item, by what it is. */
export type OndcStatutory = 'packaged_commodities' | 'prepackaged_food' | null;

/**
 * Which statutory block each category must carry (validator's constants/category.ts groceryCategoryMappingWithStatutory:
 * the Legal Metrology (Packaged Commodities) Rules 2011 for packed staples, the FSS (Labelling and Display)
 * Regulations 2020 for prepared foods; none for fresh fruit and vegetables).
 */
export const ONDC_STATUTORY_OF: Readonly<Record<OndcGroceryCategory, OndcStatutory>> = {
  'Fruits and Vegetables': null,
  'Rice and Rice Products': 'packaged_commodities',
  'Dals and Pulses': 'packaged_commodities',
  'Atta, Flours and Sooji': 'packaged_commodities',
  'Oil & Ghee': 'packaged_commodities',
  'Masala & Seasoning': 'packaged_commodities',
  'Sauces, Spreads and Dips': 'prepackaged_food',
  'Salt, Sugar and Jaggery': 'packaged_commodities',
  'Pickles and Chutney': 'prepackaged_food',
};

/**
 * How long a seller takes to hand an order to the courier once it is confirmed (`@ondc/org/time_to_ship`): two days.
 * Mandi's sellers pack by hand and hand over to a courier or deliver themselves (docs/shipments.md); Mandi promises
 * no faster, and an order may wait up to its 8-hour window (ORDER_WINDOW_MS) to be confirmed first.
 */
export const ONDC_TIME_TO_SHIP = 'P2D';
/** No returns after delivery (issue 33): `@ondc/org/returnable` false, and a return window of nothing. */
export const ONDC_RETURNABLE = false;
export const ONDC_RETURN_WINDOW = 'P0D';
/** A buyer may cancel within the order's 8-hour window (docs/orders.md): `@ondc/org/cancellable` true. */
export const ONDC_CANCELLABLE = true;
/** Every product may be paid cash on delivery (docs/payments.md). */
export const ONDC_AVAILABLE_ON_COD = true;
/** Mandi's couriers do not collect returns: there are none. */
export const ONDC_SELLER_PICKUP_RETURN = false;
/** How long buyer apps may keep a provider's catalogue before asking again (a provider's `ttl`, ONDC's examples). */
export const ONDC_PROVIDER_TTL = 'P1D';
/** The one fulfilment Mandi offers: delivery to the buyer's address (`bpp/fulfillments`, each provider's). */
export const ONDC_DELIVERY_FULFILLMENT = { id: 'F1', type: 'Delivery' } as const;

/**
 * Serviceability (validator's on_search.ts, "servicability Construct"): type 12 is pan-India, its value the country
 * `IND` in unit `country`. Mandi ships to every pincode of the India Post directory it holds (docs/shipping.md), so
 * each category of each provider says so; type 10 (a radius) and 11 (pincode ranges) are for local sellers.
 */
export const ONDC_SERVICEABILITY_PAN_INDIA = { type: '12', val: ONDC_COUNTRY, unit: 'country' } as const;

/**
 * When orders are taken and delivered (a provider's `timing` tag of type `All`, which stands for Order and Delivery
 * alike): every day, all day. Orders are placed online at any hour; couriers deliver on their own days.
 */
export const ONDC_TIMING_ALL_DAY = { dayFrom: '1', dayTo: '7', timeFrom: '0000', timeTo: '2359' } as const;

/** Everything Mandi sells is vegetarian (fresh produce, staples, spices, oils, dairy fat, honey, pickles). */
export const ONDC_VEG = true;

/**
 * What statutory fields say when the pack carries them (a pre-packaged product: the seller lists it, the label is the
 * manufacturer's) and Mandi has no copy; what they say for a product a farmer packs when an order comes.
 */
export const ONDC_STATUTORY_TEXTS = {
  onPack: 'As printed on the pack',
  packedAtDispatch: 'Packed at dispatch',
  soldLoose: 'Not declared: packed at dispatch, not pre-packaged',
  notImported: 'Not imported',
} as const;

/**
 * GS1's restricted circulation numbers (GS1 General Specifications: GS1 prefixes 20-29 are numbers a company assigns
 * for use within itself): an item's EAN-13 when it has no barcode of its own, so it still has the `1:<EAN>` code the
 * validator requires of RET10 items ("code should have 1:EAN"), unique to Mandi's product.
 */
export const ONDC_RESTRICTED_EAN_PREFIX = '20';

// Ids: a product is item `<product id>`, a seller provider `<seller id>` with one location `L<seller id>`.

/** The ONDC item id of a product. */
export function ondcItemId(productId: number): string {
  return String(productId);
}

/** The product an ONDC item id names, or null when it names none of ours. */
export function productIdOfOndcItem(itemId: unknown): number | null {
  return typeof itemId === 'string' && /^[1-9]\d{0,9}$/.test(itemId) && Number(itemId) <= 2_147_483_647
    ? Number(itemId)
    : null;
}

/** The ONDC provider id of a seller (Mandi's own provider is the official seller's). */
export function ondcProviderId(sellerId: number): string {
  return String(sellerId);
}

/** The seller an ONDC provider id names, or null. */
export function sellerIdOfOndcProvider(providerId: unknown): number | null {
  return productIdOfOndcItem(providerId);
}

/** The id of a provider's one location: where the seller's goods leave from. */
export function ondcLocationId(sellerId: number): string {
  return `L${sellerId}`;
}

/** Rupees as ONDC writes a price: paise as a decimal string with two places (4000 -> '40.00'). */
export function ondcRupees(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The EAN-13 check digit of twelve digits (GS1: weights 1 and 3 from the left, then to the next ten). */
export function ean13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(twelve[index]) * (index % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** A product's item code: `1:` and the restricted-circulation EAN-13 of its id. */
export function ondcItemCode(productId: number): string {
  const twelve = `${ONDC_RESTRICTED_EAN_PREFIX}${String(productId).padStart(10, '0')}`;
  return `1:${twelve}${ean13CheckDigit(twelve)}`;
}

/** A seller as a provider: who they are in law and where their goods leave from. */
export interface CatalogSeller {
  sellerId: number;
  /** Mandi's own provider (the official seller's products, of which Mandi is the supplier). */
  mandi: boolean;
  /** The legal name (Mandi's: SELLER_LEGAL_NAME). */
  name: string;
  /** The kind of business; null for Mandi. */
  businessKind: BusinessKind | null;
  /** The FSSAI licence or registration number; null when the seller has none. */
  fssaiNumber: string | null;
  /** The registered pickup address; `city` is the district the India Post directory names for the pincode. */
  address: { street: string; locality: string; city: string; pincode: string; state: string };
  /** Who the network's buyers and couriers reach: 10 digits and an e-mail address. */
  phone: string;
  email: string;
}

/** A product as the catalogue reads it. */
export interface CatalogProduct {
  id: number;
  sellerId: number;
  name: string;
  description: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  weightGrams: number | null;
  category: ProductCategory;
  prePackaged: boolean;
  /** Packs left, null for unlimited. */
  stock: number | null;
  sellerPhone: string;
  sellerEmail: string | null;
  updatedAt: Date;
  /** Whether it can be bought now: shown by the shop (product_is_shown) and still valid. */
  onSale: boolean;
  /** Absolute URLs of its images in order, and of the first one's card variant when made. */
  imageUrls: string[];
  cardImageUrl: string | null;
}

/** What every catalogue needs of Mandi itself. */
export interface CatalogSite {
  /** An absolute URL of Mandi's symbol, for providers and items without an image of their own. */
  symbolUrl: string;
}

/** A `{ code, value }` pair of an ONDC tag's list. */
export interface OndcTagValue {
  code: string;
  value: string;
}

/** An ONDC tag. */
export interface OndcTag {
  code: string;
  list: OndcTagValue[];
}

/** An item of `bpp/providers[].items`. */
export interface OndcCatalogItem {
  id: string;
  time: { label: 'enable' | 'disable'; timestamp: string };
  descriptor: { name: string; code: string; symbol: string; short_desc: string; long_desc: string; images: string[] };
  quantity: {
    unitized: { measure: { unit: 'unit' | 'gram' | 'kilogram'; value: string } };
    available: { count: '99' | '0' };
    maximum: { count: string };
  };
  price: { currency: 'INR'; value: string; maximum_value: string };
  category_id: OndcGroceryCategory;
  fulfillment_id: string;
  location_id: string;
  '@ondc/org/returnable': boolean;
  '@ondc/org/cancellable': boolean;
  '@ondc/org/return_window': string;
  '@ondc/org/seller_pickup_return': boolean;
  '@ondc/org/time_to_ship': string;
  '@ondc/org/available_on_cod': boolean;
  '@ondc/org/contact_details_consumer_care': string;
  '@ondc/org/statutory_reqs_packaged_commodities'?: {
    manufacturer_or_packer_name: string;
    manufacturer_or_packer_address: string;
    common_or_generic_name_of_commodity: string;
    net_quantity_or_measure_of_commodity_in_pkg: string;
    month_year_of_manufacture_packing_import: string;
  };
  '@ondc/org/statutory_reqs_prepackaged_food'?: {
    nutritional_info: string;
    additives_info: string;
    brand_owner_FSSAI_license_no: string;
    other_FSSAI_license_no: string;
    importer_FSSAI_license_no: string;
  };
  tags: OndcTag[];
}

/** A provider of a full catalogue. */
export interface OndcCatalogProvider {
  id: string;
  time: { label: 'enable'; timestamp: string };
  fulfillments: { id: string; type: string; contact: { phone: string; email: string } }[];
  descriptor: { name: string; symbol: string; short_desc: string; long_desc: string; images: string[] };
  '@ondc/org/fssai_license_no'?: string;
  ttl: string;
  locations: {
    id: string;
    time: {
      label: 'enable';
      timestamp: string;
      days: string;
      schedule: { holidays: string[] };
      range: { start: string; end: string };
    };
    gps: string;
    address: { locality: string; street: string; city: string; area_code: string; state: string };
  }[];
  categories: { id: string; descriptor: { name: string }; tags: OndcTag[] }[];
  items: OndcCatalogItem[];
  tags: OndcTag[];
}

/** A provider of an incremental catalogue: its id and the items that changed (ONDC: no new providers or locations). */
export interface OndcIncrementalProvider {
  id: string;
  items: OndcCatalogItem[];
}

/** The `bpp/descriptor` and `bpp/fulfillments` a full catalogue carries. */
export interface OndcCatalogHead {
  'bpp/descriptor': {
    name: string;
    symbol: string;
    short_desc: string;
    long_desc: string;
    images: string[];
    tags: OndcTag[];
  };
  'bpp/fulfillments': { id: string; type: string }[];
}

/** A full catalogue (`message.catalog` of an on_search). */
export interface OndcCatalog extends OndcCatalogHead {
  'bpp/providers': OndcCatalogProvider[];
}

/**
 * An incremental catalogue: the providers alone (the validator's on_search_inc_refresh refuses `bpp/descriptor` and
 * `bpp/fulfillments`, which only a full catalogue carries).
 */
export interface OndcIncrementalCatalog {
  'bpp/providers': OndcIncrementalProvider[];
}

const tag = (code: string, values: Record<string, string>): OndcTag => ({
  code,
  list: Object.entries(values).map(([key, value]) => ({ code: key, value })),
});

/** A text without commas, for ONDC's comma-separated consumer care field. */
const withoutCommas = (text: string) => text.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();

/** A pack's net quantity for a label: '500 g', '1 kg', '1.5 kg', or a unit when its weight is not given. */
export function netQuantityText(weightGrams: number | null): string {
  if (!weightGrams) return '1 unit';
  return weightGrams >= 1000 ? `${weightGrams / 1000} kg` : `${weightGrams} g`;
}

/** A pack's measure: its weight in kilograms when whole, else in grams; one unit without a weight. */
export function ondcMeasure(weightGrams: number | null): OndcCatalogItem['quantity']['unitized']['measure'] {
  if (!weightGrams || weightGrams < 1) return { unit: 'unit', value: '1' };
  return weightGrams % 1000 === 0
    ? { unit: 'kilogram', value: String(weightGrams / 1000) }
    : { unit: 'gram', value: String(weightGrams) };
}

/** The address line of a seller's registered address, as a packer's address on a label. */
export function addressLine(address: CatalogSeller['address']): string {
  return [address.street, address.locality, address.city, `${address.state} ${address.pincode}`]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * Why a product is not offered on the network, or null when it is: its category is not grocery (seeds), or it must
 * carry the FSS labelling block, which names the brand owner's FSSAI number, and its seller has none.
 */
export function notOnNetworkReason(product: Pick<CatalogProduct, 'category' | 'prePackaged'>, seller: CatalogSeller) {
  const category = ONDC_CATEGORY_OF[product.category];
  if (category === null) return 'not_grocery' as const;
  if (needsFoodBlock(category, product.prePackaged) && !seller.fssaiNumber) return 'no_fssai' as const;
  return null;
}

function needsFoodBlock(category: OndcGroceryCategory, prePackaged: boolean): boolean {
  return ONDC_STATUTORY_OF[category] === 'prepackaged_food' || prePackaged;
}

function needsCommodityBlock(category: OndcGroceryCategory, prePackaged: boolean): boolean {
  return ONDC_STATUTORY_OF[category] === 'packaged_commodities' || prePackaged;
}

/** The earlier of two times: an item's time may not be after the on_search's own timestamp. */
const notAfter = (time: Date, limit: Date) => (time.getTime() > limit.getTime() ? limit : time);

/**
 * A product as an ONDC item, or null when it is not offered on the network ({@link notOnNetworkReason}). A product not
 * on sale (unlisted, expired, its seller suspended) is `disable`d, with nothing available; a sold-out one is enabled
 * with a count of 0. ONDC's count is 99 (available) or 0, never the stock itself; the maximum per order is the cart's.
 */
export function ondcItem(
  product: CatalogProduct,
  seller: CatalogSeller,
  site: CatalogSite,
  generatedAt: Date,
): OndcCatalogItem | null {
  if (notOnNetworkReason(product, seller) !== null) return null;
  const category = ONDC_CATEGORY_OF[product.category]!;
  const available = product.onSale && !isSoldOut(product.stock);
  const images = product.imageUrls.length > 0 ? product.imageUrls : [site.symbolUrl];
  const maximumPaise = Math.max(product.originalPricePaise ?? product.pricePaise, product.pricePaise);
  const item: OndcCatalogItem = {
    id: ondcItemId(product.id),
    time: {
      label: product.onSale ? 'enable' : 'disable',
      timestamp: notAfter(product.updatedAt, generatedAt).toISOString(),
    },
    descriptor: {
      name: product.name,
      code: ondcItemCode(product.id),
      symbol: product.cardImageUrl ?? images[0]!,
      short_desc: product.name,
      long_desc: product.description.trim() || product.name,
      images,
    },
    quantity: {
      unitized: { measure: ondcMeasure(product.weightGrams) },
      available: { count: available ? '99' : '0' },
      maximum: { count: String(available ? quantityMaxFor(product.stock) : 0) },
    },
    price: { currency: 'INR', value: ondcRupees(product.pricePaise), maximum_value: ondcRupees(maximumPaise) },
    category_id: category,
    fulfillment_id: ONDC_DELIVERY_FULFILLMENT.id,
    location_id: ondcLocationId(seller.sellerId),
    '@ondc/org/returnable': ONDC_RETURNABLE,
    '@ondc/org/cancellable': ONDC_CANCELLABLE,
    '@ondc/org/return_window': ONDC_RETURN_WINDOW,
    '@ondc/org/seller_pickup_return': ONDC_SELLER_PICKUP_RETURN,
    '@ondc/org/time_to_ship': ONDC_TIME_TO_SHIP,
    '@ondc/org/available_on_cod': ONDC_AVAILABLE_ON_COD,
    '@ondc/org/contact_details_consumer_care': [
      withoutCommas(seller.name),
      product.sellerEmail ?? seller.email,
      product.sellerPhone,
    ].join(','),
    tags: [tag('origin', { country: ONDC_COUNTRY }), tag('veg_nonveg', ONDC_VEG ? { veg: 'yes' } : { non_veg: 'yes' })],
  };
  const texts = ONDC_STATUTORY_TEXTS;
  if (needsCommodityBlock(category, product.prePackaged)) {
    item['@ondc/org/statutory_reqs_packaged_commodities'] = {
      manufacturer_or_packer_name: seller.name,
      manufacturer_or_packer_address: addressLine(seller.address),
      common_or_generic_name_of_commodity: product.name,
      net_quantity_or_measure_of_commodity_in_pkg: netQuantityText(product.weightGrams),
      month_year_of_manufacture_packing_import: product.prePackaged ? texts.onPack : texts.packedAtDispatch,
    };
  }
  if (needsFoodBlock(category, product.prePackaged)) {
    const fssai = seller.fssaiNumber!;
    item['@ondc/org/statutory_reqs_prepackaged_food'] = {
      nutritional_info: product.prePackaged ? texts.onPack : texts.soldLoose,
      additives_info: product.prePackaged ? texts.onPack : texts.soldLoose,
      brand_owner_FSSAI_license_no: fssai,
      other_FSSAI_license_no: fssai,
      importer_FSSAI_license_no: texts.notImported,
    };
  }
  return item;
}

/** What a provider's descriptor says of the kind of business. */
const KIND_TEXTS: Readonly<Record<BusinessKind, string>> = {
  individual_farmer: 'Farmer',
  farmer_producer_organisation: 'Farmer producer organisation',
  proprietor: 'Farm business',
  company: 'Farm produce company',
};

/** The id of the menu (a `custom_menu` category) of a Mandi category: `C1` to `C12`, in Mandi's order. */
export function ondcMenuId(category: ProductCategory): string {
  return `C${PRODUCT_CATEGORIES.indexOf(category) + 1}`;
}

/** A seller and its items as a full catalogue's provider. */
export function ondcProvider(
  seller: CatalogSeller,
  products: readonly CatalogProduct[],
  items: readonly OndcCatalogItem[],
  site: CatalogSite,
  generatedAt: Date,
): OndcCatalogProvider {
  const timestamp = generatedAt.toISOString();
  const locationId = ondcLocationId(seller.sellerId);
  const { address } = seller;
  const kind = seller.mandi ? 'Mandi' : KIND_TEXTS[seller.businessKind ?? 'proprietor'];
  const where = `${address.city}, ${address.state}`;
  const menus = PRODUCT_CATEGORIES.filter((category) => products.some((product) => product.category === category));
  const categories = [...new Set(items.map((item) => item.category_id))];
  return {
    id: ondcProviderId(seller.sellerId),
    time: { label: 'enable', timestamp },
    fulfillments: [{ ...ONDC_DELIVERY_FULFILLMENT, contact: { phone: seller.phone, email: seller.email } }],
    descriptor: {
      name: seller.name,
      symbol: site.symbolUrl,
      short_desc: `${kind}, ${where}`,
      long_desc: `${seller.name}: ${kind.toLowerCase()} of ${where}, selling on Mandi.`,
      images: [site.symbolUrl],
    },
    ...(seller.fssaiNumber ? { '@ondc/org/fssai_license_no': seller.fssaiNumber } : {}),
    ttl: ONDC_PROVIDER_TTL,
    locations: [
      {
        id: locationId,
        time: {
          label: 'enable',
          timestamp,
          days: '1,2,3,4,5,6,7',
          schedule: { holidays: [] },
          range: { start: ONDC_TIMING_ALL_DAY.timeFrom, end: ONDC_TIMING_ALL_DAY.timeTo },
        },
        gps: storeGps(address.state),
        address: {
          locality: address.locality,
          street: address.street,
          city: address.city,
          area_code: address.pincode,
          state: address.state,
        },
      },
    ],
    categories: menus.map((category) => ({
      id: ondcMenuId(category),
      descriptor: { name: CATEGORY_TAX[category].label },
      tags: [
        tag('type', { type: 'custom_menu' }),
        tag('display', { rank: String(PRODUCT_CATEGORIES.indexOf(category) + 1) }),
      ],
    })),
    items: [...items],
    tags: [
      tag('timing', {
        type: 'All',
        location: locationId,
        day_from: ONDC_TIMING_ALL_DAY.dayFrom,
        day_to: ONDC_TIMING_ALL_DAY.dayTo,
        time_from: ONDC_TIMING_ALL_DAY.timeFrom,
        time_to: ONDC_TIMING_ALL_DAY.timeTo,
      }),
      ...categories.map((category) =>
        tag('serviceability', { location: locationId, category, ...ONDC_SERVICEABILITY_PAN_INDIA }),
      ),
      tag('catalog_link', { type: 'inline' }),
    ],
  };
}

/** Mandi as the network sees it: `bpp/descriptor` (a marketplace) and `bpp/fulfillments` (delivery). */
export function ondcCatalogHead(site: CatalogSite): OndcCatalogHead {
  return {
    'bpp/descriptor': {
      name: ONDC_NETWORK_NAME,
      symbol: site.symbolUrl,
      short_desc: 'Farm produce and groceries from Indian farmers',
      long_desc:
        "Mandi: fruits, vegetables, staples, spices, oils and ghee from India's farmers and farmer producer organisations, delivered to every pincode.",
      images: [site.symbolUrl],
      tags: [tag('bpp_terms', { np_type: ONDC_NP_TYPE })],
    },
    'bpp/fulfillments': [{ ...ONDC_DELIVERY_FULFILLMENT }],
  };
}

/** The items of `products` offered on the network, by seller, in the products' order. */
function itemsBySeller(
  sellers: readonly CatalogSeller[],
  products: readonly CatalogProduct[],
  site: CatalogSite,
  generatedAt: Date,
): Map<number, { seller: CatalogSeller; products: CatalogProduct[]; items: OndcCatalogItem[] }> {
  const bySeller = new Map(
    sellers.map((seller) => [
      seller.sellerId,
      { seller, products: [] as CatalogProduct[], items: [] as OndcCatalogItem[] },
    ]),
  );
  for (const product of products) {
    const entry = bySeller.get(product.sellerId);
    if (!entry) continue;
    const item = ondcItem(product, entry.seller, site, generatedAt);
    if (!item) continue;
    entry.products.push(product);
    entry.items.push(item);
  }
  return bySeller;
}

/**
 * The full catalogue of `sellers` (the providers, in their order) and their `products` on sale: a provider with
 * nothing on the network is left out.
 */
export function ondcFullCatalog(
  sellers: readonly CatalogSeller[],
  products: readonly CatalogProduct[],
  site: CatalogSite,
  generatedAt: Date,
): OndcCatalog {
  const providers: OndcCatalogProvider[] = [];
  for (const { seller, products: offered, items } of itemsBySeller(sellers, products, site, generatedAt).values()) {
    if (items.length > 0) providers.push(ondcProvider(seller, offered, items, site, generatedAt));
  }
  return { ...ondcCatalogHead(site), 'bpp/providers': providers };
}

/**
 * An incremental catalogue (ONDC-RET-Specifications, incremental_catalog_refresh.md): the whole record of each item
 * that changed, under its provider's id, on sale or `disable`d. Null when none of `products` is on the network: ONDC
 * asks that no empty catalogue be pushed.
 */
export function ondcIncrementalCatalog(
  sellers: readonly CatalogSeller[],
  products: readonly CatalogProduct[],
  site: CatalogSite,
  generatedAt: Date,
): OndcIncrementalCatalog | null {
  const providers: OndcIncrementalProvider[] = [];
  for (const { seller, items } of itemsBySeller(sellers, products, site, generatedAt).values()) {
    if (items.length > 0) providers.push({ id: ondcProviderId(seller.sellerId), items });
  }
  return providers.length > 0 ? { 'bpp/providers': providers } : null;
}
