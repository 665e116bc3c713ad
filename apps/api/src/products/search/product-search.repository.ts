import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';
import type { ProductCardRow } from '../product-card.sql.js';
import { searchPageSql, suggestionsSql, type SearchInput } from './product-search.sql.js';

/** Product names and cards matching a search (synonyms and typo corrections included), one statement each. */
@Injectable()
export class ProductSearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** At most `limit` distinct names, best first. */
  async suggestions(search: SearchInput, limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ name: string }[]>(suggestionsSql(search, limit));
    return rows.map((row) => row.name);
  }

  /** One page of matching products as cards, best first. */
  page(search: SearchInput, page: { officialOnly: boolean; skip: number; take: number }): Promise<ProductCardRow[]> {
    return this.prisma.$queryRaw<ProductCardRow[]>(searchPageSql(search, page));
  }
}
