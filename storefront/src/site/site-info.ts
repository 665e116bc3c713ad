/*
 * Contact details and links shown by the footer, the contact page and the legal pages.
 * One place, so a deployment changes them once.
 */
export const SITE = {
  name: 'Mandi',
  legalName: 'Mandi Marketplace',
  tagline: 'Farm-fresh produce, straight from Indian farmers',
  email: 'support@mandi.example',
  phone: '+91 80 4718 2025',
  phoneHref: 'tel:+918047182025',
  address: ['Mandi Marketplace', '2nd Floor, 14 Krishi Bhavan Road', 'Jayanagar, Bengaluru', 'Karnataka 560041, India'],
  hours: 'Monday to Saturday, 9:00 am to 6:00 pm IST',
  grievanceOfficer: 'Grievance Officer, Mandi Marketplace',
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/mandi.market' },
    { name: 'Facebook', href: 'https://www.facebook.com/mandi.market' },
    { name: 'X', href: 'https://x.com/mandi_market' },
    { name: 'YouTube', href: 'https://www.youtube.com/@mandi.market' },
  ],
} as const;
