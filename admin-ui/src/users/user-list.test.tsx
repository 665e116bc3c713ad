import { routeKey } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, renderConsole } from '../test/console';

const user = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: String(id),
  uid: `uid-${id}`,
  username: `user_${id}`,
  email: `user${id}@mandi.test`,
  created_at: '2026-11-25T04:00:00.000Z',
  status: 'active',
  role: 'user',
  ...overrides,
});
const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr')!;

describe('the Users tab', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists the admin user fields of 001, the join date in India time', async () => {
    renderConsole('/users', {
      [routeKey('adminUsers')]: {
        body: [user(1, { role: 'admin', uid: ADMIN.uid }), user(2, { status: 'suspended' })],
      },
    });
    const row = await rowOf('user_2');
    for (const text of ['2', 'user2@mandi.test', 'uid-2', 'user', 'suspended']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByTitle('25 Nov 2026, 9:30 am IST')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unsuspend' })).toBeEnabled();
  });

  it("suspends and unsuspends with the server's message, and never offers the admin their own account", async () => {
    let status = 'active';
    const { calls } = renderConsole('/users', {
      [routeKey('adminUsers')]: () => ({ body: [user(1, { role: 'admin', uid: ADMIN.uid }), user(3, { status })] }),
      [routeKey('toggleUser')]: () => {
        status = status === 'active' ? 'suspended' : 'active';
        return {
          body: { newStatus: status, message: status === 'suspended' ? 'User suspended.' : 'User unsuspended.' },
        };
      },
    });
    expect(within(await rowOf('user_1')).getByRole('button', { name: 'Suspend' })).toBeDisabled();

    fireEvent.click(within(await rowOf('user_3')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User suspended.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByText('user_3').closest('tr')!).getByRole('button', { name: 'Unsuspend' }),
      ).toBeEnabled(),
    );
    fireEvent.click(within(screen.getByText('user_3').closest('tr')!).getByRole('button', { name: 'Unsuspend' }));
    expect(await screen.findByText('User unsuspended.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { userId: '3' },
      { userId: '3' },
    ]);
  });

  it('disables the button while the call is in flight, and says a suspension as a warning, a reactivation as a success', async () => {
    let answer: ((reply: { body: unknown }) => void) | undefined;
    renderConsole('/users', {
      [routeKey('adminUsers')]: { body: [user(6)] },
      [routeKey('toggleUser')]: () => new Promise<{ body: unknown }>((resolve) => (answer = resolve)),
    });
    fireEvent.click(within(await rowOf('user_6')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(answer).toBeDefined());
    await waitFor(async () =>
      expect(within(await rowOf('user_6')).getByRole('button', { name: 'Suspend' })).toBeDisabled(),
    );
    answer!({ body: { newStatus: 'suspended', message: 'User suspended.' } });
    expect((await screen.findByText('User suspended.')).closest('.RaNotification-warning')).not.toBeNull();
    await waitFor(async () =>
      expect(within(await rowOf('user_6')).getByRole('button', { name: 'Suspend' })).toBeEnabled(),
    );

    answer = undefined;
    fireEvent.click(within(await rowOf('user_6')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(answer).toBeDefined());
    answer!({ body: { newStatus: 'active', message: 'User unsuspended.' } });
    expect((await screen.findByText('User unsuspended.')).closest('.RaNotification-success')).not.toBeNull();
  });

  it("shows the server's refusal without signing the admin out, and a text of ours when there is none", async () => {
    const { identity } = renderConsole('/users', {
      [routeKey('adminUsers')]: { body: [user(4), user(5)] },
      [routeKey('toggleUser')]: (body) =>
        (body as { userId: string }).userId === '4'
          ? {
              status: 403,
              body: { statusCode: 403, error: 'Forbidden', message: 'You cannot suspend your own account.' },
            }
          : 'down',
    });
    fireEvent.click(within(await rowOf('user_4')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('You cannot suspend your own account.')).toBeInTheDocument();
    fireEvent.click(within(await rowOf('user_5')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Error updating user status')).toBeInTheDocument();
    expect(identity.signOuts).toBe(0);
    expect(screen.getByText('user_4')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch users' when the list cannot be read", async () => {
    renderConsole('/users', { [routeKey('adminUsers')]: 'down' });
    expect(await screen.findByText('Failed to fetch users', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
