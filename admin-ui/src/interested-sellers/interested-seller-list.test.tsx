import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';

const seller = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: String(id),
  username: `kisan_${id}`,
  email: `kisan${id}@mandi.test`,
  status: 'interested',
  interest_date: '2026-11-25T04:00:00.000Z',
  invite_sent: false,
  ...overrides,
});
const LIST = routeKey('interestedSellers');
const select = async (username: string) =>
  fireEvent.click(within((await screen.findByText(username)).closest('tr')!).getByRole('checkbox'));
const sendInvites = () => fireEvent.click(screen.getByRole('button', { name: /^Send Invites/ }));

describe('the Interested Sellers tab', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists the interested seller fields of 001', async () => {
    renderConsole('/interested-sellers', { [LIST]: { body: [seller(1, { status: 'invited', invite_sent: true })] } });
    const row = (await screen.findByText('kisan_1')).closest('tr')!;
    for (const text of ['1', 'kisan1@mandi.test', 'invited']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByTitle('25 Nov 2026, 9:30 am IST')).toBeInTheDocument();
    expect(within(row).getByLabelText('Yes')).toBeInTheDocument();
  });

  it('asks for a selection before sending anything', async () => {
    const { calls } = renderConsole('/interested-sellers', { [LIST]: { body: [seller(1)] } });
    await screen.findByText('kisan_1');
    sendInvites();
    expect(await screen.findByText('Select at least one seller.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('invites'))).toEqual([]);
  });

  it("invites the selected sellers in one call and shows the server's message", async () => {
    let invited = false;
    const { calls } = renderConsole('/interested-sellers', {
      [LIST]: () => ({ body: [seller(1), seller(2, { status: invited ? 'invited' : 'interested' }), seller(3)] }),
      [routeKey('sendBulkInvites')]: () => {
        invited = true;
        return { body: { message: 'Invites sent to 2 sellers.' } };
      },
    });
    await select('kisan_2');
    await select('kisan_3');
    expect(screen.getByRole('button', { name: 'Send Invites (2)' })).toBeInTheDocument();
    sendInvites();
    expect(await screen.findByText('Invites sent to 2 sellers.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === routeUrl('sendBulkInvites'))!.body).toEqual({ sellerIds: ['2', '3'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Invites' })).toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByText('kisan_2').closest('tr')!).getByText('invited')).toBeInTheDocument(),
    );
  });

  it('disables the button while the invites are in flight, and keeps the selection when they fail', async () => {
    let answer: ((reply: { status: number; body: unknown }) => void) | undefined;
    renderConsole('/interested-sellers', {
      [LIST]: { body: [seller(1)] },
      [routeKey('sendBulkInvites')]: () =>
        new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve)),
    });
    await select('kisan_1');
    sendInvites();
    await waitFor(() => expect(answer).toBeDefined());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Invites (1)' })).toBeDisabled());
    answer!({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'The selected sellers are already onboarded.' },
    });
    expect(
      await screen.findByText('Failed to Send Invites: The selected sellers are already onboarded.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Invites (1)' })).toBeEnabled());
  });

  it("reads 'Failed to Send Invites' with the server's message, or the spec's text without one", async () => {
    let down = false;
    renderConsole('/interested-sellers', {
      [LIST]: { body: [seller(1)] },
      [routeKey('sendBulkInvites')]: () =>
        down
          ? 'down'
          : {
              status: 409,
              body: { statusCode: 409, error: 'Conflict', message: 'The selected sellers are already onboarded.' },
            },
    });
    await select('kisan_1');
    sendInvites();
    expect(
      await screen.findByText('Failed to Send Invites: The selected sellers are already onboarded.'),
    ).toBeInTheDocument();
    down = true;
    sendInvites();
    expect(
      await screen.findByText('Failed to Send Invites: Something went wrong while sending invites.'),
    ).toBeInTheDocument();
  });
});
