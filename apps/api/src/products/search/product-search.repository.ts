import { Injectable } from '@nestjs/common';
import { PrismaService, queryRows } from '@mandi/database';
import { rankSuggestions, type VocabularySynonym, type VocabularyWord } from '@mandi/domain';
import { PRODUCT_CARD_ROW, type ProductCardRow } from '../product-card.sql.js';
import {
  searchPageSql,
  SUGGESTION_CANDIDATE_ROW,
  suggestionCandidatesOfMeaningsSql,
  suggestionCandidatesSql,
  TERM_MEANING_ROW,
  VOCABULARY_SYNONYM_ROW,
  VOCABULARY_WORD_ROW,
  vocabularySynonymsSql,
  vocabularyWordsSql,
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
    const candidates = await queryRows(this.prisma, SUGGESTION_CANDIDATE_ROW, suggestionCandidatesSql(search.terms));
    return rankSuggestions(candidates, search.text, limit);
  }

  /** What each term means, by term; a term that means nothing is absent. */
  async termMeanings(terms: string[]): Promise<Map<string, TermMeaning[]>> {
    const rows = await queryRows(this.prisma, TERM_MEANING_ROW, termMeaningsSql(terms));
    const byTerm = new Map<string, TermMeaning[]>();
    for (const { term, word, best } of rows) byTerm.set(term, [...(byTerm.get(term) ?? []), { word, best }]);
    return byTerm;
  }

  /**
   * The catalog's words and the synonyms list for SearchVocabulary, or null when there are more than `wordsMax` words
   * (the terms are then looked up in SQL, one statement per new term).
   */
  async vocabulary(wordsMax: number): Promise<{ words: VocabularyWord[]; synonyms: VocabularySynonym[] } | null> {
    const [words, synonyms] = await Promise.all([
      queryRows(this.prisma, VOCABULARY_WORD_ROW, vocabularyWordsSql(wordsMax + 1)),
      queryRows(this.prisma, VOCABULARY_SYNONYM_ROW, vocabularySynonymsSql),
    ]);
    return words.length > wordsMax ? null : { words, synonyms };
  }

  /** The names the search bar ranks for terms with these meanings (each term's, none of them empty). */
  suggestionCandidates(meanings: readonly (readonly TermMeaning[])[]): Promise<SuggestionCandidate[]> {
    return queryRows(this.prisma, SUGGESTION_CANDIDATE_ROW, suggestionCandidatesOfMeaningsSql(meanings));
  }

  /** One page of matching products as cards, best first. */
  page(search: SearchInput, page: { officialOnly: boolean; skip: number; take: number }): Promise<ProductCardRow[]> {
    return queryRows(this.prisma, PRODUCT_CARD_ROW, searchPageSql(search, page));
  }
}
