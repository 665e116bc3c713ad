import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../data/data-provider';
import { stubFetch } from '../test/network';
import { QueuesMenuItem } from './queues-menu-item';

const renderItem = (go: (url: string) => void) =>
  render(
    <AdminContext dataProvider={createDataProvider(async () => 'admin-token')} store={memoryStore()}>
      <QueuesMenuItem go={go} />
      <Notification />
    </AdminContext>,
  );

describe('the Queues menu item', () => {
  it('opens the dashboard session with the admin token, then goes to the dashboard', async () => {
    const calls = stubFetch({
      [routeKey('queuesSession')]: { body: { url: '/adminpanel/queues/', expiresAt: '2026-11-25T10:30:00.000Z' } },
    });
    const go = vi.fn();
    renderItem(go);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Queues' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/adminpanel/queues/'));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: routeUrl('queuesSession'),
        route: 'queuesSession',
        authorization: 'Bearer admin-token',
        body: undefined,
      },
    ]);
  });

  it('stays and says so when the session cannot be opened', async () => {
    stubFetch({ [routeKey('queuesSession')]: 'down' });
    const go = vi.fn();
    renderItem(go);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Queues' }));
    expect(await screen.findByText('Could not open the queue dashboard. Please try again.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
