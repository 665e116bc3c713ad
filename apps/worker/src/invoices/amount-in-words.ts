import { amountInWords, assertPaise, type Language, type Paise } from '@mandi/domain';

// Hindi number names 0..99 are each a word of their own (इक्कीस, छप्पन, निन्यानबे), not tens plus ones as in English.
const HINDI_BELOW_HUNDRED = [
  'शून्य',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पाँच',
  'छह',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'ग्यारह',
  'बारह',
  'तेरह',
  'चौदह',
  'पंद्रह',
  'सोलह',
  'सत्रह',
  'अठारह',
  'उन्नीस',
  'बीस',
  'इक्कीस',
  'बाईस',
  'तेईस',
  'चौबीस',
  'पच्चीस',
  'छब्बीस',
  'सत्ताईस',
  'अट्ठाईस',
  'उनतीस',
  'तीस',
  'इकतीस',
  'बत्तीस',
  'तैंतीस',
  'चौंतीस',
  'पैंतीस',
  'छत्तीस',
  'सैंतीस',
  'अड़तीस',
  'उनतालीस',
  'चालीस',
  'इकतालीस',
  'बयालीस',
  'तैंतालीस',
  'चवालीस',
  'पैंतालीस',
  'छियालीस',
  'सैंतालीस',
  'अड़तालीस',
  'उनचास',
  'पचास',
  'इक्यावन',
  'बावन',
  'तिरपन',
  'चौवन',
  'पचपन',
  'छप्पन',
  'सत्तावन',
  'अट्ठावन',
  'उनसठ',
  'साठ',
  'इकसठ',
  'बासठ',
  'तिरसठ',
  'चौंसठ',
  'पैंसठ',
  'छियासठ',
  'सड़सठ',
  'अड़सठ',
  'उनहत्तर',
  'सत्तर',
  'इकहत्तर',
  'बहत्तर',
  'तिहत्तर',
  'चौहत्तर',
  'पचहत्तर',
  'छिहत्तर',
  'सतहत्तर',
  'अठहत्तर',
  'उन्यासी',
  'अस्सी',
  'इक्यासी',
  'बयासी',
  'तिरासी',
  'चौरासी',
  'पचासी',
  'छियासी',
  'सत्तासी',
  'अट्ठासी',
  'नवासी',
  'नब्बे',
  'इक्यानबे',
  'बानबे',
  'तिरानबे',
  'चौरानबे',
  'पंचानबे',
  'छियानबे',
  'सत्तानबे',
  'अट्ठानबे',
  'निन्यानबे',
];

/** A positive whole number in Hindi words with the Indian system (हज़ार, लाख, करोड़); crores above 99 recursively. */
function hindiWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (crore > 0) parts.push(`${hindiWords(crore)} करोड़`);
  if (lakh > 0) parts.push(`${HINDI_BELOW_HUNDRED[lakh]!} लाख`);
  if (thousand > 0) parts.push(`${HINDI_BELOW_HUNDRED[thousand]!} हज़ार`);
  if (hundred > 0) parts.push(`${HINDI_BELOW_HUNDRED[hundred]!} सौ`);
  if (rest > 0) parts.push(HINDI_BELOW_HUNDRED[rest]!);
  return parts.join(' ');
}

/**
 * The amount as Hindi invoices write it: 12345650 -> 'रुपये एक लाख तेईस हज़ार चार सौ छप्पन और पचास पैसे मात्र',
 * 100 -> 'रुपये एक मात्र', 50 -> 'पचास पैसे मात्र', 0 -> 'रुपये शून्य मात्र'.
 */
export function hindiAmountInWords(paise: Paise): string {
  assertPaise(paise);
  if (paise < 0) throw new RangeError('An amount in words cannot be negative.');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return 'रुपये शून्य मात्र';
  if (rupees === 0) return `${HINDI_BELOW_HUNDRED[rest]!} पैसे मात्र`;
  const rupeeWords = `रुपये ${hindiWords(rupees)}`;
  return rest === 0 ? `${rupeeWords} मात्र` : `${rupeeWords} और ${HINDI_BELOW_HUNDRED[rest]!} पैसे मात्र`;
}

/** The amount in words of a document printed in `language` (English: libs/domain's amountInWords). */
export function amountInWordsIn(language: Language, paise: Paise): string {
  return language === 'hi' ? hindiAmountInWords(paise) : amountInWords(paise);
}
