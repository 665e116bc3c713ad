import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { AdminPipelineAnswer, HealthAnswer } from '@mandi/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../data/data-provider';
import { renderConsole } from '../test/console';
import { stubFetch } from '../test/network';
import PipelinePanel from './pipeline-panel';

/** The queues of the job registry, as the API lists them. */
const queueNames = ['orders', 'payments', 'documents', 'mail', 'media', 'deadlines', 'accounts'];

const HEALTHY: HealthAnswer = { status: 'ok', database: 'up', redis: 'up', worker: 'up', documents: 'up' };

const queue = (name: string, counts: Partial<AdminPipelineAnswer['queues'][number]> = {}) => ({
  name,
  waiting: 0,
  active: 0,
  delayed: 0,
  failed: 0,
  dead: 0,
  ...counts,
});

function pipeline(overrides: Partial<AdminPipelineAnswer> = {}): AdminPipelineAnswer {
  return {
    queues: queueNames.map((name) => queue(name)),
    deadJobs: 0,
    outbox: { unpublished: 0, oldestAgeSeconds: null },
    worker: { alive: true, lastBeatAt: new Date().toISOString(), documents: 'up', documentsProblem: null },
    queuesDashboardUrl: '/adminpanel/queues/',
    ledger: null,
    readAt: '2026-11-25T04:00:00.000Z',
    ...overrides,
  };
}

const figure = async (label: string) => within(await screen.findByRole('group', { name: label }));
const rowOf = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr')!);

describe('the System health page', () => {
  beforeEach(() => localStorage.clear());

  it("shows each part up and the pipeline's queues, dead jobs and outbox lag at a glance", async () => {
    renderConsole('/health', {
      [routeKey('health')]: { body: HEALTHY },
      [routeKey('adminPipeline')]: {
        body: pipeline({
          queues: queueNames.map((name) =>
            name === 'payments'
              ? queue(name, { waiting: 3, active: 1, failed: 1, dead: 2 })
              : name === 'deadlines'
                ? queue(name, { delayed: 12 })
                : queue(name),
          ),
          deadJobs: 2,
          outbox: { unpublished: 5, oldestAgeSeconds: 75 },
        }),
      },
    });
    expect(await screen.findByText('Everything is running.')).toBeInTheDocument();
    for (const part of ['Database', 'Redis', 'Worker', 'Documents']) {
      expect(within(screen.getByRole('region', { name: part })).getByText(/^Up · /)).toBeInTheDocument();
    }

    expect((await figure('Dead jobs')).getByText('2')).toBeInTheDocument();
    expect((await figure('Dead jobs')).getByText(/fix the cause, then retry them under/)).toBeInTheDocument();
    expect((await figure('Dead jobs')).getByRole('link', { name: 'Dead jobs' })).toHaveAttribute(
      'href',
      '/adminpanel/dead-jobs',
    );
    expect((await figure('Outbox lag')).getByText('1 min 15 s')).toBeInTheDocument();
    expect((await figure('Outbox lag')).getByText('5 events wait to reach the queues')).toBeInTheDocument();
    expect((await figure('Worker')).getByText('Alive')).toBeInTheDocument();
    expect((await figure('Documents')).getByText('Printing')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Queues' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Queue', 'waiting', 'active', 'delayed', 'failed', 'dead']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([...queueNames]);
    expect(
      rowOf('payments')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1', '0', '1', '2']);
    expect(
      rowOf('deadlines')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '12', '0', '0']);
    expect(screen.getByRole('button', { name: 'Open queue dashboard' })).toBeEnabled();
  });

  it("says 'degraded' with the reason, and the worker's own problem, while documents cannot be printed", async () => {
    renderConsole('/health', {
      [routeKey('health')]: {
        body: {
          ...HEALTHY,
          status: 'degraded',
          documents: 'down',
          reason: 'Invoices and credit notes cannot be printed: a worker cannot start Chromium.',
        },
      },
      [routeKey('adminPipeline')]: {
        body: pipeline({
          worker: {
            alive: true,
            lastBeatAt: new Date().toISOString(),
            documents: 'down',
            documentsProblem: 'worker-1:42: Chromium did not start: Browser was not found at /usr/bin/chromium',
          },
        }),
      },
    });
    expect(
      await screen.findByText(
        /The shop is running, but not everything works\. Invoices and credit notes cannot be printed/,
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByText(/^Down · /)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Worker' })).getByText(/^Up · /)).toBeInTheDocument();
    expect((await figure('Documents')).getByText('Not printing')).toBeInTheDocument();
    expect((await figure('Documents')).getByText(/Browser was not found at \/usr\/bin\/chromium/)).toBeInTheDocument();
  });

  it('shows which part is down from the 503 answer, and unknown counts while Redis does not answer', async () => {
    renderConsole('/health', {
      [routeKey('health')]: {
        status: 503,
        body: {
          status: 'error',
          database: 'up',
          redis: 'down',
          worker: 'down',
          documents: 'down',
          reason: 'Down: redis, worker.',
        },
      },
      [routeKey('adminPipeline')]: {
        body: pipeline({
          queues: queueNames.map((name) => queue(name, { waiting: null, active: null, delayed: null, failed: null })),
          worker: { alive: false, lastBeatAt: null, documents: 'down', documentsProblem: null },
        }),
      },
    });
    expect(await screen.findByText('Some parts of the system are down.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Redis' })).getByText(/^Down · /)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Database' })).getByText(/^Up · /)).toBeInTheDocument();
    expect((await figure('Worker')).getByText('No worker')).toBeInTheDocument();
    expect(
      rowOf('mail')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['—', '—', '—', '—', '0']);
    expect(screen.getByText(/Redis did not answer in time/)).toBeInTheDocument();
  });

  it("says so when the pipeline cannot be read, with the server's message, and reads it again on Try again", async () => {
    let fail = true;
    const calls = renderConsole('/health', {
      [routeKey('health')]: { body: HEALTHY },
      [routeKey('adminPipeline')]: () =>
        fail
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } }
          : { body: pipeline() },
    }).calls;
    expect(await screen.findByText('Could not read the pipeline: Internal server error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await figure('Dead jobs')).getByText('0')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === routeUrl('adminPipeline'))).toHaveLength(2);
  });
});

describe("the pipeline panel's way into the queue dashboard", () => {
  const renderPanel = (go: (url: string) => void) =>
    render(
      <AdminContext dataProvider={createDataProvider(async () => 'admin-token')} store={memoryStore()}>
        <PipelinePanel getToken={async () => 'admin-token'} go={go} />
        <Notification />
      </AdminContext>,
    );

  it("opens the dashboard's session with the admin token, then goes to bull-board", async () => {
    const calls = stubFetch({
      [routeKey('adminPipeline')]: { body: pipeline() },
      [routeKey('queuesSession')]: { body: { url: '/adminpanel/queues/', expiresAt: '2026-11-25T10:30:00.000Z' } },
    });
    const go = vi.fn();
    renderPanel(go);
    fireEvent.click(await screen.findByRole('button', { name: 'Open queue dashboard' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/adminpanel/queues/'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: routeUrl('queuesSession'),
      route: 'queuesSession',
      authorization: 'Bearer admin-token',
      body: undefined,
    });
  });

  it('stays and says so when the session cannot be opened', async () => {
    stubFetch({ [routeKey('adminPipeline')]: { body: pipeline() }, [routeKey('queuesSession')]: 'down' });
    const go = vi.fn();
    renderPanel(go);
    fireEvent.click(await screen.findByRole('button', { name: 'Open queue dashboard' }));
    expect(await screen.findByText('Could not open the queue dashboard. Please try again.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
