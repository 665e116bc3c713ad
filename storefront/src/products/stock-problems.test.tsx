import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StockProblems, stockProblemsOf } from './stock-problems';

describe('StockProblems', () => {
  it('names each sold-out line and each line asking for more than is left, and nothing else', () => {
    const problems = stockProblemsOf([
      { name: 'Desi Tamatar', stock: 0, quantity: 1 },
      { name: 'Nashik Pyaz', stock: 3, quantity: 4 },
      { name: 'Alphonso Mango', stock: 3, quantity: 3 },
      { name: 'Basmati Rice', stock: null, quantity: 15 },
    ]);
    expect(problems).toEqual([
      'Desi Tamatar is sold out. Remove it to check out.',
      'Only 3 left of Nashik Pyaz. Lower the quantity to 3 to check out.',
    ]);
    render(<StockProblems id="why" problems={problems} />);
    const note = screen.getByRole('status');
    expect(note).toHaveAttribute('id', 'why');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(problems);
  });

  it('draws nothing without a problem', () => {
    const { container } = render(<StockProblems id="why" problems={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
