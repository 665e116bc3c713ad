import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '@mandi/config';
import { readCapturedMail, readCapturedMails } from '@mandi/mail';
import { inboxPage, linksIn, mailNotFoundPage, mailPage } from './dev-mail.pages.js';

/**
 * These pages show a mail's HTML in a sandboxed srcdoc frame, which inherits this policy: inline styles (mail
 * HTML is styled inline) and images, nothing that runs. Replaces the app-wide policy on these routes only.
 */
const DEV_MAIL_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: https: http:',
  "frame-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Whether the dev inbox is served: outside production, while the worker captures mail instead of sending it. */
export function devMailEnabled(config: Pick<AppConfig, 'NODE_ENV' | 'MAIL_TRANSPORT'>): boolean {
  return config.NODE_ENV !== 'production' && config.MAIL_TRANSPORT === 'capture';
}

function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply
    .status(status)
    .header('content-security-policy', DEV_MAIL_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

/**
 * The development inbox of the mail the worker captured in `captureDir` (MAIL_CAPTURE_DIR), outside the /api prefix:
 *
 * - `GET /dev/mail`: the inbox, newest first;
 * - `GET /dev/mail/:id`: one mail, its HTML version in a sandboxed frame, its text version with clickable links and
 *   its attachments (`GET /dev/mail/:id/attachments/:index` downloads one);
 * - `GET /dev/mail/messages.json?to=<address>`: the captured mails as JSON (each with the `links` of its text
 *   version), for tests that follow a link as a person would.
 *
 * Registered on Fastify directly, like the front ends; its routes are more specific than the front ends' fallback,
 * so they win whatever the order.
 */
export function serveDevMail(fastify: FastifyInstance, captureDir: string): void {
  const dir = resolve(captureDir);

  fastify.get('/dev/mail', async (_request, reply) => html(reply, inboxPage(await readCapturedMails(dir))));

  fastify.get<{ Querystring: { to?: string } }>('/dev/mail/messages.json', async (request, reply) => {
    const to = typeof request.query.to === 'string' && request.query.to !== '' ? request.query.to : undefined;
    const mails = await readCapturedMails(dir, { to });
    return reply
      .header('cache-control', 'no-store')
      .send(mails.map((mail) => ({ ...mail, links: linksIn(mail.text) })));
  });

  // A file the mail carries, as the mail program would save it; its name is ours (the worker's), quoted as given.
  fastify.get<{ Params: { id: string; index: string } }>('/dev/mail/:id/attachments/:index', async (request, reply) => {
    const mail = await readCapturedMail(dir, request.params.id);
    const index = /^\d{1,2}$/.test(request.params.index) ? Number(request.params.index) : -1;
    const file = mail?.attachments?.[index];
    if (!file) return html(reply, mailNotFoundPage(), 404);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .type(file.contentType)
      .send(Buffer.from(file.content, 'base64'));
  });

  fastify.get<{ Params: { id: string } }>('/dev/mail/:id', async (request, reply) => {
    const mail = await readCapturedMail(dir, request.params.id);
    return mail ? html(reply, mailPage(mail)) : html(reply, mailNotFoundPage(), 404);
  });
}
