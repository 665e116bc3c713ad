import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../test/render-app';

const field = (name: string) => screen.findByRole('textbox', { name });
const send = () => screen.getByRole('button', { name: 'Send Message' });

async function fillForm(name: string, email: string, message: string) {
  if (name) await userEvent.type(await field('Full Name'), name);
  if (email) await userEvent.type(await field('Email'), email);
  if (message) await userEvent.type(await field('Message'), message);
}

describe('contact page', () => {
  it('shows every missing or invalid field under it and sends nothing', async () => {
    const { calls } = stubApi({});
    renderApp('/contactus');
    await userEvent.type(await field('Email'), 'ravi@');
    await userEvent.click(send());

    expect(await field('Full Name')).toHaveAccessibleDescription('Full Name is required');
    expect(await field('Full Name')).toHaveFocus();
    expect(await field('Email')).toHaveAccessibleDescription('Invalid email address format.');
    expect(await field('Message')).toHaveAccessibleDescription('Message is required');
    expect(await field('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.url === routeUrl('contactUs'))).toBe(false);

    await userEvent.type(await field('Full Name'), 'Ravi');
    expect(await field('Full Name')).not.toHaveAccessibleDescription();
  });

  it("shows 'Sending...' while sending, then 'Message sent successfully!' with the form cleared", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { calls } = stubApi({
      [routeKey('contactUs')]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/contactus');
    await fillForm('  Ravi Kumar ', 'ravi@example.in', 'Do you deliver to Pune?');
    await userEvent.click(send());

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer({ status: 201, body: { message: 'Message sent successfully!' } });
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Message sent successfully!'),
    );
    expect(await field('Full Name')).toHaveValue('');
    expect(await field('Email')).toHaveValue('');
    expect(await field('Message')).toHaveValue('');
    const post = calls.find((call) => call.url === routeUrl('contactUs'))!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      message: 'Do you deliver to Pune?',
    });
  });

  it("says 'Failed to send message. Try again later.' and keeps what was typed", async () => {
    stubApi({
      [routeKey('contactUs')]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } },
    });
    renderApp('/contactus');
    await fillForm('Ravi', 'ravi@example.in', 'Hello');
    await userEvent.click(send());
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
        'Failed to send message. Try again later.',
      ),
    );
    expect(await field('Message')).toHaveValue('Hello');
  });

  it('shows the contact details', async () => {
    stubApi({});
    renderApp('/contactus');
    const details = await screen.findByRole('complementary', { name: 'Contact details' });
    expect(details).toHaveTextContent('support@mandi.example');
    expect(details).toHaveTextContent('+91 80 4718 2025');
  });
});
