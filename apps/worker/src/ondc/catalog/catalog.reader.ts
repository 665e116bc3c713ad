import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { CatalogProduct, CatalogSeller, CatalogSite } from '@mandi/domain';
import { FILE_STORE, urlOfKeyOrUrl, type FileStore } from '@mandi/storage';
import {
  OndcCatalogRepository,
  type CatalogProductFilter,
  type CatalogProductRow,
  type CatalogSellerRow,
} from './catalog.repository.js';

/** The providers and products one catalogue is built from. */
export interface CatalogInput {
  sellers: CatalogSeller[];
  products: CatalogProduct[];
}

/** Mandi's symbol for a provider or an item without an image (the storefront's icon). */
const SYMBOL_PATH = '/icon-512.png';
/** A six-digit pincode in Mandi's registered address (SELLER_ADDRESS). */
const PINCODE_IN_ADDRESS = /\b(\d{6})\b/;

/**
 * Reads the catalogue's rows and turns them into libs/domain's CatalogSeller and CatalogProduct: image keys become
 * absolute URLs under PUBLIC_URL (or the bucket's), and Mandi's own provider takes Mandi's registered name and address
 * (SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE) and the contact inbox, with the official seller's FSSAI number and
 * phone.
 */
@Injectable()
export class OndcCatalogReader {
  constructor(
    private readonly catalog: OndcCatalogRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What every catalogue needs of Mandi itself. */
  site(): CatalogSite {
    return { symbolUrl: `${this.config.PUBLIC_URL}${SYMBOL_PATH}` };
  }

  /** Every provider and its products on sale: the full catalogue. */
  async onSale(): Promise<CatalogInput> {
    const sellers = await this.catalog.sellers(this.config.OFFICIAL_SELLER_UID);
    return this.withProducts(sellers, { kind: 'on_sale' });
  }

  /** The products of every provider changed from `from` to `to`, on sale or not. */
  async changed(from: Date, to: Date): Promise<CatalogInput> {
    const sellers = await this.catalog.sellers(this.config.OFFICIAL_SELLER_UID);
    return this.withProducts(sellers, { kind: 'changed', from, to });
  }

  /** Product `productId` with its provider; nothing when it is gone or its seller is no provider. */
  async product(productId: number): Promise<CatalogInput> {
    const sellerId = await this.catalog.sellerOf(productId);
    if (sellerId === null) return { sellers: [], products: [] };
    const sellers = await this.catalog.sellers(this.config.OFFICIAL_SELLER_UID, [sellerId]);
    return this.withProducts(sellers, { kind: 'one', productId });
  }

  private async withProducts(rows: CatalogSellerRow[], filter: CatalogProductFilter): Promise<CatalogInput> {
    if (rows.length === 0) return { sellers: [], products: [] };
    const productRows = await this.catalog.products(
      rows.map((row) => row.seller_id),
      filter,
    );
    const sellers: CatalogSeller[] = [];
    for (const row of rows) sellers.push(row.mandi ? await this.mandi(row) : this.seller(row));
    return { sellers, products: productRows.map((row) => this.productOf(row)) };
  }

  private seller(row: CatalogSellerRow): CatalogSeller {
    return {
      sellerId: row.seller_id,
      mandi: false,
      name: row.legal_name ?? '',
      businessKind: row.business_kind,
      fssaiNumber: row.fssai_number || null,
      address: {
        street: row.street ?? '',
        locality: row.locality ?? '',
        city: row.directory_district ?? row.district ?? '',
        pincode: row.pincode ?? '',
        state: row.state ?? '',
      },
      phone: row.mobile ?? row.product_phone ?? '',
      email: row.email,
    };
  }

  /** Mandi's own provider: Mandi's registered name and address, its city from the directory by the address's pincode. */
  private async mandi(row: CatalogSellerRow): Promise<CatalogSeller> {
    const { SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE, CONTACT_INBOX } = this.config;
    const pincode = PINCODE_IN_ADDRESS.exec(SELLER_ADDRESS)?.[1] ?? '';
    const place = pincode ? await this.catalog.directoryPlace(pincode) : null;
    return {
      sellerId: row.seller_id,
      mandi: true,
      name: SELLER_LEGAL_NAME,
      businessKind: null,
      fssaiNumber: row.fssai_number || null,
      address: {
        street: SELLER_ADDRESS,
        locality: place?.officeName ?? '',
        city: place?.district ?? '',
        pincode,
        state: SELLER_STATE,
      },
      phone: row.mobile ?? row.product_phone ?? '',
      email: CONTACT_INBOX,
    };
  }

  private productOf(row: CatalogProductRow): CatalogProduct {
    return {
      id: row.id,
      sellerId: row.seller_id,
      name: row.name,
      description: row.description,
      pricePaise: row.price_paise,
      originalPricePaise: row.original_price_paise,
      weightGrams: row.weight_grams,
      category: row.category,
      prePackaged: row.pre_packaged,
      stock: row.stock,
      sellerPhone: row.seller_phone,
      sellerEmail: row.seller_email,
      updatedAt: row.updated_at,
      onSale: row.on_sale,
      imageUrls: row.file_keys.map((key) => this.url(key)),
      cardImageUrl: row.card_key ? this.url(row.card_key) : null,
    };
  }

  /** An absolute URL of a stored file: the local store's paths are under PUBLIC_URL. */
  private url(key: string): string {
    const url = urlOfKeyOrUrl(this.files, key);
    return url.startsWith('/') ? `${this.config.PUBLIC_URL}${url}` : url;
  }
}
