import type { AdminPipelineAnswer, HealthAnswer } from '@mandi/contracts';
import { routeKey } from '@mandi/contracts/client';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';
import { LedgerHealth, checkedAgo } from './ledger-health';

const NOW = new Date('2026-12-04T02:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('the ledger on the health cards', () => {
  beforeEach(() => localStorage.clear());

  it('says how long ago the check ran, to the minute past the first', () => {
    expect(checkedAgo(NOW.toISOString(), NOW)).toBe('just now');
    expect(checkedAgo(ago(40), NOW)).toBe('40 s ago');
    expect(checkedAgo(ago(150), NOW)).toBe('2 min ago');
    expect(checkedAgo(ago(3 * 3600 + 330), NOW)).toBe('3 h 5 min ago');
  });

  it('says a balanced ledger, breaks listed in red, and a ledger not checked yet', () => {
    const { rerender } = render(<LedgerHealth ledger={{ checked_at: ago(120), breaks: 0, sample: [] }} now={NOW} />);
    expect(screen.getByRole('status', { name: 'Ledger' }).textContent).toBe('Ledger: balanced, checked 2 min ago');

    rerender(
      <LedgerHealth
        ledger={{
          checked_at: ago(30),
          breaks: 3,
          sample: [
            { rule: 'transfer_not_booked', subject: '14', detail: 'transferred 25000, ledger paid 0' },
            { rule: 'payout_differs_from_sale', subject: '12', detail: 'payout 60000, sale owes 59000' },
          ],
        }}
        now={NOW}
      />,
    );
    const status = screen.getByRole('status', { name: 'Ledger' });
    expect(within(status).getByText('Ledger: 3 breaks, checked 30 s ago')).toBeInTheDocument();
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Transfer not booked (14): transferred 25000, ledger paid 0',
      'Payout differs from sale (12): payout 60000, sale owes 59000',
      'and 1 more',
    ]);

    rerender(<LedgerHealth ledger={null} now={NOW} />);
    expect(screen.getByRole('status', { name: 'Ledger' }).textContent).toContain('Ledger: not checked yet');
  });

  it("shows the worker's last check on the System health page", async () => {
    const healthy: HealthAnswer = { status: 'ok', database: 'up', redis: 'up', worker: 'up', documents: 'up' };
    const pipeline: AdminPipelineAnswer = {
      queues: [],
      deadJobs: 0,
      outbox: { unpublished: 0, oldestAgeSeconds: null },
      worker: { alive: true, lastBeatAt: new Date().toISOString(), documents: 'up', documentsProblem: null },
      queuesDashboardUrl: '/adminpanel/queues/',
      ledger: {
        checked_at: new Date().toISOString(),
        breaks: 1,
        sample: [{ rule: 'transaction_unbalanced', subject: '7', detail: '5 paise over 3 entries' }],
      },
      readAt: new Date().toISOString(),
    };
    renderConsole('/health', {
      [routeKey('health')]: { body: healthy },
      [routeKey('adminPipeline')]: { body: pipeline },
    });
    const status = await screen.findByRole('status', { name: 'Ledger' });
    expect(status.textContent).toMatch(/^Ledger: 1 break, checked (just now|\d+ s ago)/);
    expect(within(status).getByRole('listitem').textContent).toBe('Transaction unbalanced (7): 5 paise over 3 entries');
  });
});
