import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import type { Language } from '@mandi/domain';
import { languageOf } from './order-mails.repository.js';

/** An unlisted product as its seller's mail names it. */
export interface UnlistedProductForMail {
  readonly name: string;
  readonly reason: string;
  readonly sellerEmail: string;
  readonly sellerUsername: string;
  readonly sellerLanguage: Language;
}

/** An unlisted product with its seller, the language as its column holds it. */
const UNLISTED_PRODUCT_ROW = sqlRow('unlisted product', {
  name: 'text',
  reason: 'text',
  sellerEmail: 'text',
  sellerUsername: 'text',
  sellerLanguage: 'text',
});

/** What the product mails read. */
@Injectable()
export class ProductMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The product while it is still unlisted, with the reason and its seller's address; null once it is listed again or
   * gone, or when its seller's account is deleted (nobody to tell).
   */
  async findUnlisted(productId: number): Promise<UnlistedProductForMail | null> {
    const rows = await queryRows(
      this.prisma,
      UNLISTED_PRODUCT_ROW,
      Prisma.sql`
      SELECT p.name, p.unlisted_reason AS reason, u.email::text AS "sellerEmail", u.username::text AS "sellerUsername",
             u.language AS "sellerLanguage"
        FROM products p JOIN users u ON u.id = p.seller_id AND u.deleted_at IS NULL
       WHERE p.id = ${productId} AND p.unlisted_at IS NOT NULL`,
    );
    const product = rows[0];
    return product ? { ...product, sellerLanguage: languageOf(product.sellerLanguage) } : null;
  }
}
