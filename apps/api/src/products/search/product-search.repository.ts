import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';
import { rankSuggestions } from '@mandi/domain';
import type { ProductCardRow } from '../product-card.sql.js';
import {
  searchPageSql,
  suggestionCandidatesOfMeaningsSql,
  suggestionCandidatesSql,
  termMeaningsSql,
  type SearchInput,
  type SuggestionCandidate,
  type TermMeaning,
} from './product-search.sql.js';

/** Product names and cards matching a search (synonyms and typo corrections included), one statement each. */
@Injectable()
export class ProductSearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** At most `limit` distinct names, best first. */
  async suggestions(search: SearchInput, limit: number): Promise<string[]> {
    const candidates = await this.prisma.$queryRaw<SuggestionCandidate[]>(suggestionCandidatesSql(search.terms));
    return rankSuggestions(candidates, search.text, limit);
  }

  /** What each term means, by term; a term that means nothing is absent. */
  async termMeanings(terms: string[]): Promise<Map<string, TermMeaning[]>> {
    const rows = await this.prisma.$queryRaw<({ term: string } & TermMeaning)[]>(termMeaningsSql(terms));
    const byTerm = new Map<string, TermMeaning[]>();
    for (const { term, word, best } of rows) byTerm.set(term, [...(byTerm.get(term) ?? []), { word, best }]);
    return byTerm;
  }

  /** The names the search bar ranks for terms with these meanings (each term's, none of them empty). */
  suggestionCandidates(meanings: readonly (readonly TermMeaning[])[]): Promise<SuggestionCandidate[]> {
    return this.prisma.$queryRaw<SuggestionCandidate[]>(suggestionCandidatesOfMeaningsSql(meanings));
  }

  /** One page of matching products as cards, best first. */
  page(search: SearchInput, page: { officialOnly: boolean; skip: number; take: number }): Promise<ProductCardRow[]> {
    return this.prisma.$queryRaw<ProductCardRow[]>(searchPageSql(search, page));
  }
}
