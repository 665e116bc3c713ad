import { routeUrl } from '@mandi/contracts/client';
import { contactBodySchema } from '@mandi/contracts';
import { CART_MESSAGES, CONTACT_MESSAGES, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, SELLER_MESSAGES } from '@mandi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES_DIR } from '../../vite-catalogues';
import { renderApp, stubApi } from '../test/render-app';
import { SITE, SITE_ADDRESS_KEYS } from './site-info';

const site = JSON.parse(readFileSync(join(CATALOGUES_DIR, 'en', 'site.json'), 'utf8')) as Record<string, string>;

// The spec's texts stay word for word in English: the catalogue's entries are pinned to the domain's constants.
describe('the site catalogue in English', () => {
  it.each([
    ['site.becomeSeller.showInterest', SELLER_MESSAGES.showInterest],
    ['site.becomeSeller.interestRecorded', SELLER_MESSAGES.interestRecorded],
    ['site.becomeSeller.failed.text', SELLER_MESSAGES.interestFailed],
    ['site.becomeSeller.signInRequired.title', CART_MESSAGES.signInRequired.title],
    ['site.contact.form.sending', CONTACT_MESSAGES.sending],
    ['site.contact.form.sent', CONTACT_MESSAGES.sent],
    ['site.contact.form.failed', CONTACT_MESSAGES.failed],
  ])('%s is the domain text', (key, text) => expect(site[key]).toBe(text));

  it('writes the postal address line by line as SITE has it', () => {
    expect(SITE_ADDRESS_KEYS.map((key) => site[key])).toEqual(SITE.address);
  });

  it("translates every message of the contact form's contract, which the API answers with too", () => {
    const empty = contactBodySchema.safeParse({ name: ' ', email: '', message: '' });
    const wrong = contactBodySchema.safeParse({
      name: 'n'.repeat(CONTACT_NAME_MAX + 1),
      email: 'ravi@',
      message: 'm'.repeat(CONTACT_MESSAGE_MAX + 1),
    });
    const messages = [...(empty.error?.issues ?? []), ...(wrong.error?.issues ?? [])].map((issue) => issue.message);
    expect(messages).toHaveLength(6);
    for (const message of messages) expect(site[`server:${message}`]).toBe(message);
  });

  it("writes each server text's key as its English text", () => {
    for (const [key, text] of Object.entries(site).filter(([entry]) => entry.startsWith('server:')))
      expect(key).toBe(`server:${text}`);
  });
});

describe('the site in Hindi', () => {
  it('shows the terms in Hindi with the rules’ figures and the date in hi-IN', async () => {
    stubApi({});
    renderApp('/terms-and-conditions', { language: 'hi' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'नियम और शर्तें' });
    const page = heading.closest('main') ?? document.body;
    expect(page).toHaveTextContent('पिछली बार अपडेट किया गया: 1 अप्रैल 2025');
    expect(within(page as HTMLElement).getByRole('navigation', { name: 'विषय-सूची' })).toBeInTheDocument();
    expect(page).toHaveTextContent('ऑर्डर देने के 8 घंटे के भीतर');
    expect(page).toHaveTextContent('आम तौर पर 5–7 कामकाजी दिनों में');
    expect(page).toHaveTextContent('पेमेंट प्रोवाइडर Razorpay के ज़रिए');
    expect(within(page as HTMLElement).getByRole('link', { name: 'संपर्क पेज' })).toHaveAttribute('href', '/contactus');
  });

  it('shows the privacy policy with the address and the grievance officer in Hindi', async () => {
    stubApi({});
    renderApp('/privacy-policy', { language: 'hi' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'गोपनीयता नीति' });
    const page = heading.closest('main') ?? document.body;
    expect(page).toHaveTextContent('मंडी मार्केटप्लेस के शिकायत अधिकारी को support@mandi.example पर ईमेल से');
    expect(page).toHaveTextContent('मंडी मार्केटप्लेस, दूसरी मंज़िल, 14 कृषि भवन रोड, जयनगर, बेंगलुरु, कर्नाटक 560041, भारत');
  });

  it("shows the contact form's checks in Hindi", async () => {
    const { calls } = stubApi({});
    renderApp('/contactus', { language: 'hi' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'ईमेल' }), 'ravi@');
    await userEvent.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(screen.getByRole('textbox', { name: 'पूरा नाम' })).toHaveAccessibleDescription('पूरा नाम लिखना ज़रूरी है');
    expect(screen.getByRole('textbox', { name: 'ईमेल' })).toHaveAccessibleDescription('ईमेल पता सही रूप में नहीं है।');
    expect(screen.getByRole('textbox', { name: 'संदेश' })).toHaveAccessibleDescription('संदेश लिखना ज़रूरी है');
    expect(screen.getByRole('complementary', { name: 'संपर्क की जानकारी' })).toHaveTextContent('सोमवार से शनिवार');
    expect(calls.some((call) => call.url === routeUrl('contactUs'))).toBe(false);
  });

  it('asks a visitor to sign in before showing interest, in Hindi', async () => {
    stubApi({});
    renderApp('/become-seller', { language: 'hi' });
    expect(await screen.findByRole('region', { name: '3 आसान कदमों में बेचना शुरू करें' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'रुचि दिखाएँ' }));
    expect(await screen.findByRole('dialog', { name: 'साइन इन ज़रूरी है' })).toHaveTextContent(
      'मंडी पर बेचने में अपनी रुचि बताने के लिए कृपया साइन इन करें।',
    );
  });

  it('shows the designed 404 in Hindi', async () => {
    stubApi({});
    renderApp('/no-such-page', { language: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'यह पेज मुरझा गया है' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ताज़ी उपज देखें' })).toHaveAttribute('href', '/');
  });
});
