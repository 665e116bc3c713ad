import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../test/i18n';
import { QuantityStepper } from './quantity-stepper';

function Stepper({ start, max }: { start: number; max?: number }) {
  const [quantity, setQuantity] = useState(start);
  return <QuantityStepper name="Desi Tamatar" quantity={quantity} max={max} onChange={setQuantity} />;
}

describe('QuantityStepper', () => {
  it('goes from 1 to 15 without a stock limit', async () => {
    renderInLanguage(<Stepper start={14} />);
    const more = screen.getByRole('button', { name: 'One more Desi Tamatar' });
    await userEvent.click(more);
    expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('15');
    expect(more).toBeDisabled();
  });

  it('never goes above what is left', async () => {
    renderInLanguage(<Stepper start={2} max={3} />);
    const more = screen.getByRole('button', { name: 'One more Desi Tamatar' });
    await userEvent.click(more);
    expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('3');
    expect(more).toBeDisabled();
  });

  it('only goes down from a quantity above what is left', async () => {
    renderInLanguage(<Stepper start={5} max={3} />);
    expect(screen.getByRole('button', { name: 'One more Desi Tamatar' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'One less Desi Tamatar' }));
    expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('4');
  });
});
