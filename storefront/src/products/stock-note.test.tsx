import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StockNote, StockProblems, stockProblemsOf } from './stock-note';

describe('StockNote', () => {
  it('says nothing while more than 5 packs are left or stock is unlimited', () => {
    const { container, rerender } = render(<StockNote stock={6} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StockNote stock={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StockNote stock={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("says 'Only N left' from 5 packs down and 'Sold out' at 0", () => {
    const { rerender } = render(<StockNote stock={5} />);
    expect(screen.getByText('Only 5 left')).toHaveClass('low');
    rerender(<StockNote stock={1} />);
    expect(screen.getByText('Only 1 left')).toBeInTheDocument();
    rerender(<StockNote stock={0} />);
    expect(screen.getByText('Sold out')).toHaveClass('soldOut');
  });

  it("says 'Only N left' for a line asking for more than N, however many N is", () => {
    const { container, rerender } = render(<StockNote stock={8} quantity={10} />);
    expect(screen.getByText('Only 8 left')).toBeInTheDocument();
    rerender(<StockNote stock={8} quantity={8} />);
    expect(container).toBeEmptyDOMElement();
  });
});

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
