import {
  SELLER_PROFILE_MESSAGES,
  SHIPMENT_LIMITS,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STATUSES,
  handOverProblems,
} from '@mandi/domain';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageProvider, useT } from '../i18n/i18n';
import { shipmentStatusLabels } from '../orders/order-texts';
import { testI18n } from '../test/i18n';
import { handedOverTo, shipment } from '../test/shipment-fixtures';
import { SHIPMENT_MESSAGE_NAMES, sellerShipmentText, shipmentMessageText } from './shipment-texts';

/** useT's translator speaking `language`. */
function translator(language: 'en' | 'hi') {
  const i18n = testI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
  );
  return renderHook(() => useT(), { wrapper }).result.current;
}

const DEVANAGARI = /[\u0900-\u097F]/;

// The refusals stay word for word in English: the catalogue is pinned to SHIPMENT_MESSAGES.
describe('the shipment catalogue', () => {
  it('names every refusal of SHIPMENT_MESSAGES', () => {
    expect([...SHIPMENT_MESSAGE_NAMES].sort()).toEqual(Object.keys(M).sort());
  });

  it.each(SHIPMENT_MESSAGE_NAMES)('says %s in English as the rules give it, and in Hindi', (name) => {
    const [en, hi] = [translator('en'), translator('hi')];
    expect(shipmentMessageText(en, M[name])).toBe(M[name]);
    expect(shipmentMessageText(hi, M[name])).not.toBe(M[name]);
    expect(shipmentMessageText(hi, M[name])).toMatch(DEVANAGARI);
  });

  it('fills in the limits as the rules do, for every problem of the hand-over form', () => {
    const en = translator('en');
    const problems = [
      ...handOverProblems({ carrier: '', tracking_number: '', self_delivery: false }),
      ...handOverProblems({
        carrier: 'x'.repeat(SHIPMENT_LIMITS.carrierMax + 1),
        tracking_number: 'AB',
        self_delivery: false,
      }),
      ...handOverProblems({ carrier: 'DTDC', tracking_number: '', self_delivery: true }),
    ];
    expect(problems).toHaveLength(5);
    for (const problem of problems) expect(shipmentMessageText(en, problem.text)).toBe(problem.text);
  });

  it('says the approval refusal as the business profile does, and any other text as sent', () => {
    const [en, hi] = [translator('en'), translator('hi')];
    const approval = SELLER_PROFILE_MESSAGES.approvalRequired;
    expect(shipmentMessageText(en, approval)).toBe(approval);
    expect(shipmentMessageText(hi, approval)).toBe('पहले मंडी से आपकी विक्रेता प्रोफ़ाइल मंज़ूर होनी चाहिए');
    expect(shipmentMessageText(hi, 'Something new')).toBe('Something new');
  });

  it('names every state of a part in both languages, and the seller’s part as the card says it', () => {
    const [en, hi] = [translator('en'), translator('hi')];
    expect(shipmentStatusLabels(en.t)).toEqual({
      to_pack: 'To pack',
      packed: 'Packed',
      handed_over: 'Handed over',
      cancelled: 'Cancelled',
    });
    expect(Object.keys(shipmentStatusLabels(hi.t))).toEqual([...SHIPMENT_STATUSES]);
    for (const label of Object.values(shipmentStatusLabels(hi.t))) expect(label).toMatch(DEVANAGARI);

    const couriered = shipment(1, 2, handedOverTo('India Post', 'EK123456789IN'));
    expect(sellerShipmentText(en.t, couriered)).toBe('Handed over to India Post · EK123456789IN');
    expect(sellerShipmentText(hi.t, couriered)).toBe('India Post को सौंपा गया · EK123456789IN');
    expect(sellerShipmentText(en.t, shipment(1, 2, handedOverTo(null)))).toBe('Delivered by you');
    expect(sellerShipmentText(hi.t, shipment(1, 2, handedOverTo(null)))).toMatch(DEVANAGARI);
    expect(sellerShipmentText(en.t, shipment(1, 2))).toBe('To pack');
  });
});
