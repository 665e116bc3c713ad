// `npm run bench:vocabulary`: what the search bar's in-process vocabulary (libs/domain SearchVocabulary, held by the
// API's TermMeanings; docs/search.md) costs on the catalog of `npm run bench:catalog-seed` (BENCH_DATABASE_URL,
// default mandi_bench): how many words it holds, how long reading them takes (the two statements TermMeanings runs
// when the catalog version moves), how long building it takes, the heap it keeps, and the time a term's meanings
// take for prefixes, whole words and typos. Needs `npm run build:server` (it reads libs/domain's build).
import pg from 'pg';
import { SearchVocabulary, searchTerms } from '@mandi/domain';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const ROUNDS = 5;
const TERMS = ['t', 'to', 'tom', 'tomato', 'tomatoe', 'tamtar', 'aloo', 'bhndi', 'kesar', 'alphnso', '1733001234'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const products = (await client.query('SELECT count(*)::int AS n FROM products')).rows[0].n;

const reads = [];
let words = [];
let synonyms = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const start = process.hrtime.bigint();
  [words, synonyms] = await Promise.all([
    client.query('SELECT word, product_count AS "productCount" FROM search_words').then((result) => result.rows),
    client.query('SELECT term, canonical FROM synonyms').then((result) => result.rows),
  ]);
  reads.push(ms(start));
}
await client.end();

const builds = [];
let vocabulary;
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
for (let round = 0; round < ROUNDS; round += 1) {
  const start = process.hrtime.bigint();
  vocabulary = new SearchVocabulary(words, synonyms);
  builds.push(ms(start));
}
global.gc?.();
const kept = process.memoryUsage().heapUsed - heapBefore;

const perTerm = TERMS.flatMap((text) => searchTerms(text)).map((term) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < 100; i += 1) vocabulary.meaningsOf(term);
  return { term, us: (ms(start) * 1000) / 100 };
});

console.log(
  `${products} products: ${words.length} search words and ${synonyms.length} synonyms terms (${vocabulary.size} spellings)`,
);
console.log(
  `read both tables: median ${median(reads).toFixed(1)} ms of ${ROUNDS}; build: median ${median(builds).toFixed(1)} ms`,
);
console.log(
  `heap kept by one vocabulary: ${global.gc ? `${(kept / 1024 / 1024).toFixed(1)} MB` : 'run with node --expose-gc to measure'}`,
);
console.log(`meanings of a term (µs): ${perTerm.map(({ term, us }) => `${term} ${us.toFixed(0)}`).join(', ')}`);
