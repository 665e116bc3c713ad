import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** An unlisted product as its seller's mail names it. */
export interface UnlistedProductForMail {
  readonly name: string;
  readonly reason: string;
  readonly sellerEmail: string;
  readonly sellerUsername: string;
}

/** What the product mails read. */
@Injectable()
export class ProductMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The product while it is still unlisted, with the reason and its seller's address; null once it is listed again or
   * gone, or when its seller's account is deleted (nobody to tell).
   */
  async findUnlisted(productId: number): Promise<UnlistedProductForMail | null> {
    const rows = await this.prisma.$queryRaw<UnlistedProductForMail[]>`
      SELECT p.name, p.unlisted_reason AS reason, u.email::text AS "sellerEmail", u.username::text AS "sellerUsername"
        FROM products p JOIN users u ON u.id = p.seller_id AND u.deleted_at IS NULL
       WHERE p.id = ${productId} AND p.unlisted_at IS NOT NULL`;
    return rows[0] ?? null;
  }
}
