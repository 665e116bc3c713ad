import {
  BALANCE_LABELS,
  BALANCE_STATES,
  balanceNote,
  PAYOUT_ACCOUNT_LABELS,
  PAYOUT_MESSAGES as M,
  PAYOUT_STATUS_LABELS,
  SALE_BREAKDOWN_LABELS,
} from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { testI18n } from '../test/i18n';
import {
  balanceLabels,
  balanceNoteLabel,
  payoutAccountLabels,
  payoutStatusLabels,
  saleBreakdownLabels,
} from './seller-dashboard-texts';

const english = testI18n('en');
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);

// The Payouts tab's words that hang on the domain's rules stay the domain's English (libs/domain
// ledger/payout.messages.ts), through the real English catalogue; Hindi has its own words for each.
describe('the payouts catalogue in English', () => {
  it('names the balances, statuses, account states and figures as the domain does', () => {
    expect(balanceLabels(t)).toEqual(BALANCE_LABELS);
    expect(payoutStatusLabels(t)).toEqual(PAYOUT_STATUS_LABELS);
    expect(payoutAccountLabels(t)).toEqual(PAYOUT_ACCOUNT_LABELS);
    expect(saleBreakdownLabels(t)).toEqual(SALE_BREAKDOWN_LABELS);
  });

  it.each([0, 1, 24, 48, 720])('says what each balance holds as balanceNote does, held %i hours', (hours) => {
    for (const state of BALANCE_STATES) expect(balanceNoteLabel(t, state, hours)).toBe(balanceNote(state, hours));
  });

  it.each([
    ['sellerDashboard.payouts.title', M.title],
    ['sellerDashboard.payouts.account.notActive', M.accountNotActive],
    ['sellerDashboard.payouts.none', M.noPayouts],
    ['sellerDashboard.payouts.none.text', M.noPayoutsText],
  ])('%s is the domain text', (key, text) => expect(t(key)).toBe(text));

  it('translates every answer of the payout routes a seller can meet', () => {
    const en = readCatalogue('en');
    const hindi = testI18n('hi');
    for (const text of [M.statementNotReady, M.commissionInvoiceNotFound, M.commissionInvoiceNotReady]) {
      expect(en[`server:${text}`]).toBe(text);
      expect(hindi._(`server:${text}`)).not.toBe(text);
    }
  });

  it('has Hindi of its own for every label', () => {
    const hindi = testI18n('hi');
    const h = (id: string, values?: Record<string, unknown>) => hindi._(id, values);
    const pairs = [
      [balanceLabels(h), BALANCE_LABELS],
      [payoutStatusLabels(h), PAYOUT_STATUS_LABELS],
      [payoutAccountLabels(h), PAYOUT_ACCOUNT_LABELS],
    ] as const;
    for (const [translated, domain] of pairs)
      for (const [key, text] of Object.entries(domain))
        expect(translated[key as keyof typeof translated]).not.toBe(text);
  });
});
