import {
  ean13CheckDigit,
  notOnNetworkReason,
  ondcFullCatalog,
  ondcIncrementalCatalog,
  ondcItem,
  ondcItemCode,
  ondcRupees,
  productIdOfOndcItem,
  ONDC_CATEGORY_OF,
  ONDC_STATUTORY_OF,
  type CatalogProduct,
  type CatalogSeller,
  type OndcCatalogItem,
} from './catalog.js';
import { storeGps } from './catalog-places.js';
import { catalogRequestOf } from './catalog-search.js';

// Mandi's catalogue as ONDC's on_search (RET10, 1.2.0), held to what ONDC's log-validation-utility checks of one:
// utils/Retail/Search/on_search.ts and schema/Retail/RET/on_search.ts (the rules are restated here, not copied).

const site = { symbolUrl: 'https://mandi.example/icon-512.png' };
const generatedAt = new Date('2026-12-04T10:00:00.000Z');

const asha: CatalogSeller = {
  sellerId: 7,
  mandi: false,
  name: 'Asha Rao Farms, Kolar',
  businessKind: 'farmer_producer_organisation',
  fssaiNumber: '12345678901234',
  address: {
    street: 'Survey No. 12',
    locality: 'Hesaraghatta',
    city: 'Bangalore',
    pincode: '560088',
    state: 'Karnataka',
  },
  phone: '9876543210',
  email: 'asha@example.in',
};
const farmer: CatalogSeller = {
  ...asha,
  sellerId: 8,
  name: 'Ravi Kumar',
  businessKind: 'individual_farmer',
  fssaiNumber: null,
};

function product(overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    id: 41,
    sellerId: asha.sellerId,
    name: 'Desi Tamatar',
    description: 'Farm-fresh desi tomatoes from Kolar.',
    pricePaise: 4_050,
    originalPricePaise: 5_000,
    weightGrams: 1_000,
    category: 'fresh_produce',
    prePackaged: false,
    stock: null,
    sellerPhone: '9876500000',
    sellerEmail: null,
    updatedAt: new Date('2026-12-01T08:30:00.000Z'),
    onSale: true,
    imageUrls: ['https://mandi.example/files/products/41/a.jpg'],
    cardImageUrl: 'https://mandi.example/files/products/41/a-card.webp',
    ...overrides,
  };
}

const item = (overrides: Partial<CatalogProduct> = {}, seller = asha) =>
  ondcItem(product(overrides), seller, site, generatedAt)!;

/** The item fields schema/Retail/RET/on_search.ts requires. */
const REQUIRED_ITEM_FIELDS = [
  'id',
  'time',
  'descriptor',
  'quantity',
  'price',
  'category_id',
  'fulfillment_id',
  'location_id',
  '@ondc/org/returnable',
  '@ondc/org/cancellable',
  '@ondc/org/return_window',
  '@ondc/org/seller_pickup_return',
  '@ondc/org/time_to_ship',
  '@ondc/org/available_on_cod',
  '@ondc/org/contact_details_consumer_care',
  'tags',
];

/** The grocery categories the validator knows with their statutory block (constants/category.ts). */
const VALIDATOR_STATUTORY = {
  'Fruits and Vegetables': null,
  'Masala & Seasoning': 'packaged_commodities',
  'Oil & Ghee': 'packaged_commodities',
  'Atta, Flours and Sooji': 'packaged_commodities',
  'Rice and Rice Products': 'packaged_commodities',
  'Dals and Pulses': 'packaged_commodities',
  'Salt, Sugar and Jaggery': 'packaged_commodities',
  'Sauces, Spreads and Dips': 'prepackaged_food',
  'Pickles and Chutney': 'prepackaged_food',
} as const;

const tagValue = (tags: { code: string; list: { code: string; value: string }[] }[], code: string, key: string) =>
  tags.find((tag) => tag.code === code)?.list.find((entry) => entry.code === key)?.value;

describe("an ONDC item of Mandi's catalogue", () => {
  it('carries every field the RET10 on_search schema requires, with the values Mandi’s policies give', () => {
    const tomatoes = item();
    for (const field of REQUIRED_ITEM_FIELDS) expect(tomatoes).toHaveProperty([field]);
    expect(tomatoes).toMatchObject({
      id: '41',
      time: { label: 'enable', timestamp: '2026-12-01T08:30:00.000Z' },
      descriptor: {
        name: 'Desi Tamatar',
        symbol: 'https://mandi.example/files/products/41/a-card.webp',
        short_desc: 'Desi Tamatar',
        long_desc: 'Farm-fresh desi tomatoes from Kolar.',
        images: ['https://mandi.example/files/products/41/a.jpg'],
      },
      price: { currency: 'INR', value: '40.50', maximum_value: '50.00' },
      category_id: 'Fruits and Vegetables',
      fulfillment_id: 'F1',
      location_id: 'L7',
      '@ondc/org/returnable': false,
      '@ondc/org/cancellable': true,
      '@ondc/org/return_window': 'P0D',
      '@ondc/org/seller_pickup_return': false,
      '@ondc/org/time_to_ship': 'P2D',
      '@ondc/org/available_on_cod': true,
    });
    // "name,email,contactno": the seller's name without its comma, the seller's e-mail, the product's phone.
    expect(tomatoes['@ondc/org/contact_details_consumer_care']).toBe('Asha Rao Farms Kolar,asha@example.in,9876500000');
    expect(tagValue(tomatoes.tags, 'origin', 'country')).toBe('IND');
    expect(tagValue(tomatoes.tags, 'veg_nonveg', 'veg')).toBe('yes');
  });

  it('has the 1:EAN code of 13 digits RET10 requires: a GS1 restricted number with its check digit', () => {
    const code = item().descriptor.code;
    expect(code).toMatch(/^1:\d{13}$/);
    expect(code).toBe('1:2000000000411');
    // GS1's own example: 400638133393 has check digit 1.
    expect(ean13CheckDigit('400638133393')).toBe('1');
    expect(ondcItemCode(2_147_483_647)).toMatch(/^1:202147483647\d$/);
  });

  it('writes prices as rupees with two decimals from paise, at least 1 and never above the maximum', () => {
    expect(ondcRupees(4_000)).toBe('40.00');
    expect(ondcRupees(5)).toBe('0.05');
    expect(ondcRupees(123_456_789)).toBe('1234567.89');
    for (const pricing of [
      { pricePaise: 100, originalPricePaise: null },
      { pricePaise: 9_999, originalPricePaise: 4_000 },
      { pricePaise: 4_000, originalPricePaise: 12_000 },
    ]) {
      const { price } = item(pricing);
      expect(price.value).toMatch(/^[0-9]+(\.[0-9]{1,2})?$/);
      expect(Number(price.value)).toBeGreaterThanOrEqual(1);
      expect(Number(price.value)).toBeLessThanOrEqual(Number(price.maximum_value));
    }
  });

  it('says 99 or 0 available (never the stock), with the cart’s most per order', () => {
    const count = (overrides: Partial<CatalogProduct>) => item(overrides).quantity;
    expect(count({ stock: null })).toMatchObject({ available: { count: '99' }, maximum: { count: '15' } });
    expect(count({ stock: 3 })).toMatchObject({ available: { count: '99' }, maximum: { count: '3' } });
    expect(count({ stock: 0 })).toMatchObject({ available: { count: '0' }, maximum: { count: '0' } });
    // Off sale (unlisted, expired, seller suspended): disabled, nothing available.
    expect(item({ onSale: false })).toMatchObject({
      time: { label: 'disable' },
      quantity: { available: { count: '0' } },
    });
  });

  it('measures a pack by its weight, in kilograms when whole, and as one unit without one', () => {
    expect(item({ weightGrams: 1_000 }).quantity.unitized.measure).toEqual({ unit: 'kilogram', value: '1' });
    expect(item({ weightGrams: 5_000 }).quantity.unitized.measure).toEqual({ unit: 'kilogram', value: '5' });
    expect(item({ weightGrams: 250 }).quantity.unitized.measure).toEqual({ unit: 'gram', value: '250' });
    expect(item({ weightGrams: 1_500 }).quantity.unitized.measure).toEqual({ unit: 'gram', value: '1500' });
    expect(item({ weightGrams: null }).quantity.unitized.measure).toEqual({ unit: 'unit', value: '1' });
  });

  it('never dates an item after the catalogue it is in', () => {
    expect(item({ updatedAt: new Date('2026-12-04T10:00:05.000Z') }).time.timestamp).toBe(generatedAt.toISOString());
  });

  it('maps every Mandi category to a RET10 category the validator knows with the same statutory block', () => {
    for (const [category, ondc] of Object.entries(ONDC_CATEGORY_OF)) {
      if (ondc === null) {
        expect(category).toBe('seeds');
        continue;
      }
      expect(VALIDATOR_STATUTORY).toHaveProperty([ondc]);
      expect(ONDC_STATUTORY_OF[ondc]).toBe(VALIDATOR_STATUTORY[ondc]);
    }
    expect(ondcItem(product({ category: 'seeds' }), asha, site, generatedAt)).toBeNull();
  });

  it('gives packed staples the Legal Metrology block with the seller as packer', () => {
    const dal = item({ category: 'pulses', name: 'Toor Dal', weightGrams: 500 });
    expect(dal.category_id).toBe('Dals and Pulses');
    expect(dal['@ondc/org/statutory_reqs_packaged_commodities']).toEqual({
      manufacturer_or_packer_name: 'Asha Rao Farms, Kolar',
      manufacturer_or_packer_address: 'Survey No. 12, Hesaraghatta, Bangalore, Karnataka 560088',
      common_or_generic_name_of_commodity: 'Toor Dal',
      net_quantity_or_measure_of_commodity_in_pkg: '500 g',
      month_year_of_manufacture_packing_import: 'Packed at dispatch',
    });
    expect(dal).not.toHaveProperty(['@ondc/org/statutory_reqs_prepackaged_food']);
    // Fresh vegetables need neither.
    expect(item()).not.toHaveProperty(['@ondc/org/statutory_reqs_packaged_commodities']);
    expect(item()).not.toHaveProperty(['@ondc/org/statutory_reqs_prepackaged_food']);
  });

  it('gives pre-packaged goods both blocks, every field a non-empty text as RET10 asks, FSSAI from the seller', () => {
    const ghee = item({ category: 'ghee_butter', name: 'A2 Cow Ghee', prePackaged: true, weightGrams: 1_000 });
    const commodity = ghee['@ondc/org/statutory_reqs_packaged_commodities']!;
    const food = ghee['@ondc/org/statutory_reqs_prepackaged_food']!;
    expect(commodity.month_year_of_manufacture_packing_import).toBe('As printed on the pack');
    expect(commodity.net_quantity_or_measure_of_commodity_in_pkg).toBe('1 kg');
    expect(food).toEqual({
      nutritional_info: 'As printed on the pack',
      additives_info: 'As printed on the pack',
      brand_owner_FSSAI_license_no: '12345678901234',
      other_FSSAI_license_no: '12345678901234',
      importer_FSSAI_license_no: 'Not imported',
    });
    for (const block of [commodity, food]) {
      for (const value of Object.values(block)) expect(value.trim()).not.toBe('');
    }
  });

  it('leaves off the network the prepared foods of a seller without an FSSAI number, which ONDC’s block must name', () => {
    expect(notOnNetworkReason({ category: 'pickles_preserves', prePackaged: false }, farmer)).toBe('no_fssai');
    expect(notOnNetworkReason({ category: 'fresh_produce', prePackaged: true }, farmer)).toBe('no_fssai');
    expect(notOnNetworkReason({ category: 'fresh_produce', prePackaged: false }, farmer)).toBeNull();
    expect(notOnNetworkReason({ category: 'pulses', prePackaged: false }, farmer)).toBeNull();
    expect(item({ category: 'pickles_preserves' })['@ondc/org/statutory_reqs_prepackaged_food']).toMatchObject({
      nutritional_info: 'Not declared: packed at dispatch, not pre-packaged',
    });
  });

  it('reads its product back from its id, and no other id', () => {
    expect(productIdOfOndcItem(item().id)).toBe(41);
    for (const id of ['0', '041', '-1', '4.1', 'abc', '99999999999', 41]) expect(productIdOfOndcItem(id)).toBeNull();
  });
});

describe("Mandi's full catalogue", () => {
  const products = [
    product({ id: 1 }),
    product({ id: 2, category: 'spices', name: 'Byadgi Chilli Powder', weightGrams: 200 }),
    product({ id: 3, sellerId: farmer.sellerId, category: 'pickles_preserves' }),
    product({ id: 4, sellerId: farmer.sellerId }),
    product({ id: 5, sellerId: 99 }),
  ];
  const catalog = ondcFullCatalog([asha, farmer], products, site, generatedAt);

  it('describes Mandi as a marketplace seller node that delivers', () => {
    expect(catalog['bpp/descriptor']).toMatchObject({
      name: 'Mandi',
      symbol: site.symbolUrl,
      tags: [{ code: 'bpp_terms', list: [{ code: 'np_type', value: 'MSN' }] }],
    });
    for (const field of ['name', 'short_desc', 'long_desc']) expect(catalog['bpp/descriptor']).toHaveProperty([field]);
    expect(catalog['bpp/fulfillments']).toEqual([{ id: 'F1', type: 'Delivery' }]);
  });

  it('has one provider per seller, each with only its own items on the network', () => {
    const providers = catalog['bpp/providers'];
    expect(providers.map((provider) => provider.id)).toEqual(['7', '8']);
    expect(providers.map((provider) => provider.items.map((entry) => entry.id))).toEqual([['1', '2'], ['4']]);
  });

  it('gives each provider what the validator checks: time, fulfilment contact, store, categories, tags', () => {
    const [provider] = catalog['bpp/providers'];
    expect(provider).toMatchObject({
      time: { label: 'enable', timestamp: generatedAt.toISOString() },
      fulfillments: [{ id: 'F1', type: 'Delivery', contact: { phone: '9876543210', email: 'asha@example.in' } }],
      descriptor: { name: 'Asha Rao Farms, Kolar', symbol: site.symbolUrl, images: [site.symbolUrl] },
      '@ondc/org/fssai_license_no': '12345678901234',
      ttl: 'P1D',
    });
    const [location] = provider!.locations;
    expect(location).toMatchObject({
      id: 'L7',
      time: {
        label: 'enable',
        days: '1,2,3,4,5,6,7',
        schedule: { holidays: [] },
        range: { start: '0000', end: '2359' },
      },
      address: {
        street: 'Survey No. 12',
        locality: 'Hesaraghatta',
        city: 'Bangalore',
        area_code: '560088',
        state: 'Karnataka',
      },
    });
    // "lat,long" with exactly six decimals each (checkGpsPrecision).
    expect(location!.gps).toMatch(/^-?\d{1,2}\.\d{6},-?\d{1,3}\.\d{6}$/);
    expect(location!.gps).toBe(storeGps('Karnataka'));
    // Categories must be present ("Support for variants is mandatory"), ids of at most 12 letters, digits or '-'.
    expect(provider!.categories.map((category) => category.id)).toEqual(['C1', 'C7']);
    for (const category of provider!.categories) expect(category.id).toMatch(/^[a-zA-Z0-9-]{1,12}$/);
    // No farmer's FSSAI: no FSSAI field.
    expect(catalog['bpp/providers'][1]).not.toHaveProperty(['@ondc/org/fssai_license_no']);
  });

  it('says pan-India serviceability once per category of the provider’s items, and one timing of type All', () => {
    const [provider] = catalog['bpp/providers'];
    const serviceability = provider!.tags.filter((tag) => tag.code === 'serviceability');
    const categories = new Set(provider!.items.map((entry) => entry.category_id));
    expect(serviceability).toHaveLength(categories.size);
    for (const construct of serviceability) {
      expect(construct.list.map((entry) => entry.code).sort()).toEqual(['category', 'location', 'type', 'unit', 'val']);
      expect(tagValue([construct], 'serviceability', 'location')).toBe('L7');
      expect(tagValue([construct], 'serviceability', 'type')).toBe('12');
      expect(tagValue([construct], 'serviceability', 'val')).toBe('IND');
      expect(tagValue([construct], 'serviceability', 'unit')).toBe('country');
      expect(
        categories.has(tagValue([construct], 'serviceability', 'category') as OndcCatalogItem['category_id']),
      ).toBe(true);
    }
    const timings = provider!.tags.filter((tag) => tag.code === 'timing');
    expect(timings).toEqual([
      {
        code: 'timing',
        list: [
          { code: 'type', value: 'All' },
          { code: 'location', value: 'L7' },
          { code: 'day_from', value: '1' },
          { code: 'day_to', value: '7' },
          { code: 'time_from', value: '0000' },
          { code: 'time_to', value: '2359' },
        ],
      },
    ]);
    expect(tagValue(provider!.tags, 'catalog_link', 'type')).toBe('inline');
  });

  it('leaves out a provider with nothing on the network', () => {
    const none = ondcFullCatalog(
      [farmer],
      [product({ id: 3, sellerId: farmer.sellerId, category: 'honey' })],
      site,
      generatedAt,
    );
    expect(none['bpp/providers']).toEqual([]);
  });
});

describe('an incremental catalogue', () => {
  it('carries each changed item’s whole record under its provider’s id, and nothing when none is on the network', () => {
    const changed = ondcIncrementalCatalog([asha], [product({ onSale: false })], site, generatedAt);
    expect(changed!['bpp/providers']).toEqual([{ id: '7', items: [item({ onSale: false })] }]);
    expect(ondcIncrementalCatalog([asha], [product({ category: 'seeds' })], site, generatedAt)).toBeNull();
    expect(ondcIncrementalCatalog([], [product()], site, generatedAt)).toBeNull();
  });
});

describe('what a search asks of the catalogue', () => {
  const search = (list?: { code: string; value: string }[]) => ({
    context: { action: 'search' },
    message: { intent: { tags: list ? [{ code: 'catalog_inc', list }] : [{ code: 'bap_terms', list: [] }] } },
  });

  it('is the full catalogue without catalog_inc', () => {
    expect(catalogRequestOf(search())).toEqual({ kind: 'full' });
    expect(catalogRequestOf({ message: { intent: {} } })).toEqual({ kind: 'full' });
    expect(catalogRequestOf(null)).toEqual({ kind: 'full' });
  });

  it('starts and stops pushes with mode, from start_time when given', () => {
    expect(catalogRequestOf(search([{ code: 'mode', value: 'start' }]))).toEqual({ kind: 'push_start', since: null });
    expect(
      catalogRequestOf(
        search([
          { code: 'mode', value: 'start' },
          { code: 'start_time', value: '2026-12-04T09:00:00.000Z' },
        ]),
      ),
    ).toEqual({ kind: 'push_start', since: new Date('2026-12-04T09:00:00.000Z') });
    expect(catalogRequestOf(search([{ code: 'mode', value: 'stop' }]))).toEqual({ kind: 'push_stop' });
  });

  it('pulls the changes of a span given by start_time and end_time', () => {
    expect(
      catalogRequestOf(
        search([
          { code: 'start_time', value: '2026-12-04T08:00:00.000Z' },
          { code: 'end_time', value: '2026-12-04T09:00:00.000Z' },
        ]),
      ),
    ).toEqual({ kind: 'pull', from: new Date('2026-12-04T08:00:00.000Z'), to: new Date('2026-12-04T09:00:00.000Z') });
  });

  it('names the field of a catalog_inc it cannot read', () => {
    expect(catalogRequestOf(search([{ code: 'mode', value: 'pause' }]))).toMatchObject({
      kind: 'invalid',
      field: 'message.intent.tags.catalog_inc.mode',
    });
    expect(catalogRequestOf(search([{ code: 'start_time', value: 'yesterday' }]))).toMatchObject({
      kind: 'invalid',
      field: 'message.intent.tags.catalog_inc.start_time',
    });
    expect(
      catalogRequestOf(
        search([
          { code: 'start_time', value: '2026-12-04T09:00:00.000Z' },
          { code: 'end_time', value: '2026-12-04T08:00:00.000Z' },
        ]),
      ),
    ).toMatchObject({ kind: 'invalid', field: 'message.intent.tags.catalog_inc.end_time' });
  });
});
