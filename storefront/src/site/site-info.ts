import type { Translator } from '../i18n/i18n';

/*
 * Contact details and links shown by the footer, the contact page and the legal pages.
 * One place, so a deployment changes them once; their words (the address, the opening hours) are in the site
 * catalogue, so each language writes them its own way.
 */
export const SITE = {
  name: 'Mandi',
  legalName: 'Mandi Marketplace',
  email: 'support@mandi.example',
  phone: '+91 80 4718 2025',
  phoneHref: 'tel:+918047182025',
  /** The postal address in English; siteAddress gives it in the reader's language. */
  address: ['Mandi Marketplace', '2nd Floor, 14 Krishi Bhavan Road', 'Jayanagar, Bengaluru', 'Karnataka 560041, India'],
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/mandi.market' },
    { name: 'Facebook', href: 'https://www.facebook.com/mandi.market' },
    { name: 'X', href: 'https://x.com/mandi_market' },
    { name: 'YouTube', href: 'https://www.youtube.com/@mandi.market' },
  ],
} as const;

/** The catalogue keys of the postal address's lines, in order (site.catalogue.test.ts pins them to SITE.address). */
export const SITE_ADDRESS_KEYS = [
  'site.info.address.name',
  'site.info.address.street',
  'site.info.address.area',
  'site.info.address.state',
] as const;

/** The postal address's lines in the reader's language. */
export function siteAddress(t: Translator['t']): string[] {
  return SITE_ADDRESS_KEYS.map((key) => t(key));
}
