/** A set of names buyers use for one product: the English word listings often use, and Hindi names in Latin letters. */
export interface SynonymGroup {
  /** The English name, in lower case ('potato'); it is a term of the group too. */
  readonly canonical: string;
  /** Other names of the same product, in lower case, words separated by one space. */
  readonly terms: readonly string[];
}

/**
 * The search vocabulary of produce names (issue 5): every name in a group finds listings that use any other name of
 * the group, so "aloo" finds "Potato" and "potato" finds "Pahadi Aloo". This list is the one source: migration
 * 20261123191000_search loads it into the `synonyms` table and a test keeps the two equal, so a change here needs a
 * new migration. A term belongs to one group only (the table's key).
 */
export const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  // Vegetables
  { canonical: 'potato', terms: ['aloo', 'alu', 'aaloo', 'batata'] },
  { canonical: 'onion', terms: ['pyaz', 'pyaaz', 'pyaj', 'piyaz', 'kanda'] },
  { canonical: 'tomato', terms: ['tamatar', 'tamater', 'tomatoes'] },
  { canonical: 'okra', terms: ['bhindi', 'bhendi', 'lady finger', 'ladyfinger', 'ladies finger'] },
  { canonical: 'eggplant', terms: ['baingan', 'baigan', 'brinjal', 'aubergine'] },
  { canonical: 'spinach', terms: ['palak'] },
  { canonical: 'cauliflower', terms: ['gobhi', 'gobi', 'phool gobhi', 'phool gobi', 'phoolgobhi'] },
  { canonical: 'cabbage', terms: ['patta gobhi', 'patta gobi', 'band gobhi', 'bandh gobhi', 'pattagobhi'] },
  { canonical: 'ginger', terms: ['adrak', 'adrakh'] },
  { canonical: 'garlic', terms: ['lehsun', 'lahsun', 'lasun', 'lehsan'] },
  { canonical: 'carrot', terms: ['gajar'] },
  { canonical: 'radish', terms: ['mooli', 'muli'] },
  { canonical: 'peas', terms: ['matar', 'mattar', 'green peas'] },
  { canonical: 'pumpkin', terms: ['kaddu', 'kaddoo'] },
  { canonical: 'bottle gourd', terms: ['lauki', 'ghiya', 'dudhi'] },
  { canonical: 'bitter gourd', terms: ['karela', 'karella'] },
  { canonical: 'ridge gourd', terms: ['turai', 'tori', 'torai'] },
  { canonical: 'sweet potato', terms: ['shakarkandi', 'shakarkand'] },
  { canonical: 'cucumber', terms: ['kheera', 'khira'] },
  { canonical: 'beetroot', terms: ['chukandar'] },
  { canonical: 'capsicum', terms: ['shimla mirch', 'bell pepper'] },
  { canonical: 'colocasia', terms: ['arbi', 'arvi'] },
  { canonical: 'yam', terms: ['suran', 'jimikand'] },
  { canonical: 'drumstick', terms: ['sahjan', 'saijan', 'moringa'] },
  { canonical: 'mushroom', terms: ['khumbi', 'khumb'] },
  { canonical: 'jackfruit', terms: ['kathal'] },
  { canonical: 'spring onion', terms: ['hara pyaz'] },
  { canonical: 'maize', terms: ['makka', 'makki', 'bhutta', 'corn'] },
  // Fruits
  { canonical: 'mango', terms: ['aam', 'mangoes'] },
  { canonical: 'banana', terms: ['kela', 'kele', 'bananas'] },
  { canonical: 'orange', terms: ['santra', 'santara', 'narangi'] },
  { canonical: 'grapes', terms: ['angoor', 'angur', 'grape'] },
  { canonical: 'pomegranate', terms: ['anar', 'anaar'] },
  { canonical: 'apple', terms: ['seb', 'saib', 'apples'] },
  { canonical: 'lemon', terms: ['nimbu', 'nimboo', 'neembu'] },
  { canonical: 'guava', terms: ['amrood', 'amrud'] },
  { canonical: 'papaya', terms: ['papita'] },
  { canonical: 'watermelon', terms: ['tarbooz', 'tarbuj'] },
  { canonical: 'muskmelon', terms: ['kharbooja', 'kharbuja'] },
  { canonical: 'coconut', terms: ['nariyal'] },
  { canonical: 'custard apple', terms: ['sitaphal', 'sharifa'] },
  { canonical: 'litchi', terms: ['lychee', 'lichi'] },
  { canonical: 'sapota', terms: ['chikoo', 'chiku'] },
  { canonical: 'pineapple', terms: ['ananas'] },
  { canonical: 'pear', terms: ['nashpati'] },
  { canonical: 'plum', terms: ['aloo bukhara'] },
  { canonical: 'fig', terms: ['anjeer', 'anjir'] },
  { canonical: 'dates', terms: ['khajoor', 'khajur'] },
  { canonical: 'gooseberry', terms: ['amla', 'aonla', 'awla'] },
  { canonical: 'java plum', terms: ['jamun'] },
  // Grains, pulses and flours
  { canonical: 'rice', terms: ['chawal', 'chaval'] },
  { canonical: 'wheat flour', terms: ['atta', 'aata'] },
  { canonical: 'wheat', terms: ['gehun', 'gehu', 'gehoon'] },
  { canonical: 'lentils', terms: ['dal', 'daal', 'dhal'] },
  { canonical: 'chickpeas', terms: ['chana', 'chole', 'chhole'] },
  { canonical: 'pearl millet', terms: ['bajra'] },
  { canonical: 'sorghum', terms: ['jowar', 'jwar'] },
  { canonical: 'finger millet', terms: ['ragi', 'nachni'] },
  { canonical: 'peanuts', terms: ['moongfali', 'mungfali', 'groundnut', 'peanut'] },
  // Dairy, sweeteners and pantry
  { canonical: 'ghee', terms: ['ghi', 'desi ghee'] },
  { canonical: 'milk', terms: ['doodh', 'dudh'] },
  { canonical: 'curd', terms: ['dahi', 'yogurt'] },
  { canonical: 'paneer', terms: ['cottage cheese'] },
  { canonical: 'butter', terms: ['makhan', 'makkhan'] },
  { canonical: 'jaggery', terms: ['gud', 'gur'] },
  { canonical: 'honey', terms: ['shahad', 'shehad', 'madhu'] },
  { canonical: 'sugar', terms: ['cheeni', 'chini', 'shakkar'] },
  { canonical: 'salt', terms: ['namak'] },
  { canonical: 'mustard', terms: ['sarson', 'rai'] },
  // Spices and herbs
  { canonical: 'turmeric', terms: ['haldi'] },
  { canonical: 'chilli', terms: ['mirch', 'mirchi', 'chili', 'chilly', 'chillies'] },
  { canonical: 'black pepper', terms: ['kali mirch'] },
  { canonical: 'cumin', terms: ['jeera', 'jira', 'zeera'] },
  { canonical: 'coriander', terms: ['dhaniya', 'dhania', 'cilantro'] },
  { canonical: 'mint', terms: ['pudina', 'pudeena'] },
  { canonical: 'fenugreek', terms: ['methi'] },
  { canonical: 'cardamom', terms: ['elaichi', 'ilaichi'] },
  { canonical: 'clove', terms: ['laung', 'lavang'] },
  { canonical: 'cinnamon', terms: ['dalchini'] },
  { canonical: 'fennel', terms: ['saunf'] },
  { canonical: 'carom seeds', terms: ['ajwain'] },
  { canonical: 'tamarind', terms: ['imli'] },
  { canonical: 'sesame', terms: ['til'] },
  { canonical: 'basil', terms: ['tulsi'] },
  // Nuts and dried fruit
  { canonical: 'cashew', terms: ['kaju'] },
  { canonical: 'almond', terms: ['badam'] },
  { canonical: 'raisins', terms: ['kishmish'] },
  { canonical: 'walnut', terms: ['akhrot'] },
];

/** One row of the `synonyms` table: a term and the canonical name of its group (the canonical maps to itself). */
export interface SynonymRow {
  term: string;
  canonical: string;
}

/** The rows of the `synonyms` table, sorted by term: each group's terms and its canonical name, all to the canonical. */
export function synonymRows(groups: readonly SynonymGroup[] = SYNONYM_GROUPS): SynonymRow[] {
  return groups
    .flatMap(({ canonical, terms }) => [canonical, ...terms].map((term) => ({ term, canonical })))
    .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** The names of several words that {@link searchTerms} keeps together ('lady finger'), longest first. */
export const MULTI_WORD_TERMS: readonly string[] = synonymRows()
  .map(({ term }) => term)
  .filter((term) => term.includes(' '))
  .sort((a, b) => b.split(' ').length - a.split(' ').length || (a < b ? -1 : 1));
