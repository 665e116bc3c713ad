import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { useConfirm, type ConfirmOptions } from './confirm-dialog';

const answers: boolean[] = [];

function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => answers.push(await confirm(options))}>
      Ask
    </button>
  );
}

describe('useConfirm', () => {
  it('resolves true on OK and false on Cancel when asked to confirm', async () => {
    answers.length = 0;
    renderWithProviders(
      <Asker options={{ title: 'Remove Item?', message: 'Remove it from your cart?', confirm: true }} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Item?' });
    expect(dialog).toHaveAccessibleDescription('Remove it from your cart?');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.keyboard('{Escape}');

    expect(answers).toEqual([true, false, false]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows only an acknowledgement without the confirm flag', async () => {
    answers.length = 0;
    renderWithProviders(<Asker options={{ title: 'Success', message: 'Item added to cart!' }} />);

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('dialog', { name: 'Success' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['OK']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(answers).toEqual([true]);
  });
});
