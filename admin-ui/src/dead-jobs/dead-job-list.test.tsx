import { routeKey, routeUrl } from '@mandi/contracts/client';
import { DEAD_JOB_MESSAGES } from '@mandi/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';
import { idLabel, jobSubjects } from './dead-job-fields';

function deadJob(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id: String(id),
    queue: 'payments',
    job: 'payment.refund',
    event_type: 'order.cancelled',
    event_id: String(100 + id),
    aggregate: { field: 'orderId', id: '7' },
    payload: { orderId: 7 },
    enqueues: 2,
    attempts_made: 5,
    retryable: true,
    error: 'Razorpay answered 500: Server error',
    dead_at: '2026-11-25T04:00:00.000Z',
    ...overrides,
  };
}

const LIST = routeKey('deadJobs', { query: { page: 1, perPage: 25 } });
const rowOf = async (eventId: number) =>
  (await screen.findByText(`order.cancelled · event #${eventId}`)).closest('tr')!;
const retryAnswer = (id: number) => ({
  status: 202,
  body: {
    message: 'Retry queued: the worker runs it within 10 seconds.',
    job: { ...deadJob(id), error: null, dead_at: null, retry_requested_at: '2026-11-25T05:00:00.000Z' },
  },
});

describe('the Dead jobs tab', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists each dead job: its name and queue, what it is about, its event, error, death in India time and tries', async () => {
    renderConsole('/dead-jobs', {
      [LIST]: {
        body: [
          deadJob(1),
          deadJob(2, {
            queue: 'documents',
            job: 'invoice.render',
            event_type: 'invoice.issued',
            aggregate: { field: 'invoiceId', id: '12' },
            payload: { orderId: 9, invoiceId: 12 },
            attempts_made: null,
            enqueues: 1,
            error: 'Chromium did not start',
          }),
        ],
        headers: { 'X-Total-Count': '2' },
      },
    });
    const row = await rowOf(101);
    for (const text of [
      'payment.refund',
      'payments',
      'Order #7',
      'Razorpay answered 500: Server error',
      '5 attempts',
      'enqueued 2 times',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByTitle('25 Nov 2026, 9:30 am IST')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeEnabled();

    const render = (await screen.findByText('invoice.issued · event #102')).closest('tr')!;
    // The aggregate first, then the payload's other ids.
    for (const text of [
      'invoice.render',
      'documents',
      'Invoice #12 · Order #9',
      'Chromium did not start',
      'Attempts unknown',
      'enqueued 1 time',
    ]) {
      expect(within(render).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(/Fix the cause .* then press Retry/)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Dead jobs' })).toBeInTheDocument();
  });

  it('retries a job, says the retry is queued and reads the list again, which no longer has it', async () => {
    let dead = [deadJob(1), deadJob(2)];
    const { calls } = renderConsole('/dead-jobs', {
      [LIST]: () => ({ body: dead, headers: { 'X-Total-Count': String(dead.length) } }),
      [routeKey('retryDeadJob', { params: { id: 2 } })]: () => {
        dead = dead.filter((job) => job.id !== '2');
        return retryAnswer(2);
      },
    });
    fireEvent.click(within(await rowOf(102)).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Retry queued: the worker runs it within 10 seconds.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('order.cancelled · event #102')).not.toBeInTheDocument());
    expect(screen.getByText('order.cancelled · event #101')).toBeInTheDocument();
    expect(calls.filter((call) => call.route === 'retryDeadJob').map((call) => [call.url, call.authorization])).toEqual(
      [[routeUrl('retryDeadJob', { params: { id: 2 } }), 'Bearer token-uid-admin']],
    );
    expect(
      calls.filter((call) => call.url === routeUrl('deadJobs', { query: { page: 1, perPage: 25 } })).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('disables Retry while the call is in flight', async () => {
    let answer: ((reply: ReturnType<typeof retryAnswer>) => void) | undefined;
    renderConsole('/dead-jobs', {
      [LIST]: { body: [deadJob(3)], headers: { 'X-Total-Count': '1' } },
      [routeKey('retryDeadJob', { params: { id: 3 } })]: () => new Promise((resolve) => (answer = resolve)),
    });
    fireEvent.click(within(await rowOf(103)).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answer).toBeDefined());
    await waitFor(async () => expect(within(await rowOf(103)).getByRole('button', { name: 'Retry' })).toBeDisabled());
    answer!(retryAnswer(3));
    expect(await screen.findByText('Retry queued: the worker runs it within 10 seconds.')).toBeInTheDocument();
  });

  it("shows the server's answer when another admin retried first, and our text when the call fails without one", async () => {
    renderConsole('/dead-jobs', {
      [LIST]: { body: [deadJob(4), deadJob(5)], headers: { 'X-Total-Count': '2' } },
      [routeKey('retryDeadJob', { params: { id: 4 } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: DEAD_JOB_MESSAGES.notFound },
      },
      [routeKey('retryDeadJob', { params: { id: 5 } })]: 'down',
    });
    fireEvent.click(within(await rowOf(104)).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByText(DEAD_JOB_MESSAGES.notFound)).closest('.RaNotification-error')).not.toBeNull();
    fireEvent.click(within(await rowOf(105)).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Error retrying job')).toBeInTheDocument();
  });

  it('does not offer Retry for a job this version no longer runs', async () => {
    renderConsole('/dead-jobs', {
      [LIST]: {
        body: [deadJob(6, { job: 'invoice.legacy-export', retryable: false })],
        headers: { 'X-Total-Count': '1' },
      },
    });
    expect(within(await rowOf(106)).getByRole('button', { name: 'Retry' })).toBeDisabled();
  });

  it('says there are no dead jobs when none is dead', async () => {
    renderConsole('/dead-jobs', { [LIST]: { body: [], headers: { 'X-Total-Count': '0' } } });
    expect(await screen.findByText('No dead jobs')).toBeInTheDocument();
    expect(screen.getByText(/Every job has run or is still on its way/)).toBeInTheDocument();
    expect(screen.queryByText(/Fix the cause/)).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch dead jobs' with a retry when the list cannot be read", async () => {
    renderConsole('/dead-jobs', { [LIST]: 'down' });
    expect(await screen.findByText('Failed to fetch dead jobs', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('what a dead job is about', () => {
  it('names payload ids as people read them, the aggregate first', () => {
    expect(idLabel('orderId')).toBe('Order');
    expect(idLabel('creditNoteId')).toBe('Credit note');
    expect(
      jobSubjects({
        aggregate: { field: 'creditNoteId', id: '3' },
        payload: { orderId: 9, invoiceId: 12, creditNoteId: 3 },
      }),
    ).toEqual(['Credit note #3', 'Order #9', 'Invoice #12']);
    // An event type this version does not know: its aggregate id alone when the payload has no ids.
    expect(jobSubjects({ aggregate: { field: null, id: '44' }, payload: {} })).toEqual(['#44']);
  });
});
