import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../test/i18n';
import { StockNote } from './stock-note';

describe('StockNote', () => {
  it('says nothing while more than 5 packs are left or stock is unlimited', () => {
    const { container, rerender } = renderInLanguage(<StockNote stock={6} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StockNote stock={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StockNote stock={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("says 'Only N left' from 5 packs down and 'Sold out' at 0", () => {
    const { rerender } = renderInLanguage(<StockNote stock={5} />);
    expect(screen.getByText('Only 5 left')).toHaveClass('low');
    rerender(<StockNote stock={1} />);
    expect(screen.getByText('Only 1 left')).toBeInTheDocument();
    rerender(<StockNote stock={0} />);
    expect(screen.getByText('Sold out')).toHaveClass('soldOut');
  });

  it("says 'Only N left' for a line asking for more than N, however many N is", () => {
    const { container, rerender } = renderInLanguage(<StockNote stock={8} quantity={10} />);
    expect(screen.getByText('Only 8 left')).toBeInTheDocument();
    rerender(<StockNote stock={8} quantity={8} />);
    expect(container).toBeEmptyDOMElement();
  });
});
