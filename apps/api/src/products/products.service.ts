import { Injectable } from '@nestjs/common';
import type { Product, ProductListQuery } from '@mandi/contracts';
import { formatIndiaDateTime, paiseToRupees } from '@mandi/domain';
import { ProductsRepository, type ProductCardRow } from './products.repository.js';

/** Millimetres in the database, centimetres in the API (spec 000 section 3). */
const toCm = (mm: number | null): number | null => (mm === null ? null : mm / 10);

/** The storefront's product listing. */
@Injectable()
export class ProductsService {
  constructor(private readonly products: ProductsRepository) {}

  async list(query: ProductListQuery): Promise<Product[]> {
    const rows = await this.products.listNewest({
      officialOnly: query.filter !== 'All',
      search: query.search,
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return rows.map(toProduct);
  }
}

/** A product row in the API's shape: rupees, India-time validity text, 0/1 official flag, the seller's card. */
export function toProduct(row: ProductCardRow): Product {
  return {
    id: String(row.id),
    uid: row.sellerUid,
    name: row.name,
    price: paiseToRupees(row.pricePaise),
    originalPrice: row.originalPricePaise === null ? null : paiseToRupees(row.originalPricePaise),
    description: row.description,
    validUntil: formatIndiaDateTime(row.validUntil),
    createdAt: row.createdAt.toISOString(),
    images: row.imageKeys,
    sellerPhone: row.sellerPhone,
    sellerEmail: row.sellerEmail,
    weight: row.weightGrams,
    length: toCm(row.lengthMm),
    width: toCm(row.widthMm),
    height: toCm(row.heightMm),
    official_brand: row.officialBrand ? 1 : 0,
    category: row.category,
    seller: { username: row.sellerUsername, profileImage: row.sellerProfileImage, city: row.sellerCity },
  };
}
