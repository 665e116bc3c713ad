import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mailer, type CapturedMail } from '@mandi/mail';
import { ApiHarness } from './harness.js';

// The development inbox at /dev/mail, reading what the worker's capture transport wrote.

const captureDir = mkdtempSync(join(tmpdir(), 'mandi-dev-mail-'));
const mailer = new Mailer({
  MAIL_TRANSPORT: 'capture',
  MAIL_CAPTURE_DIR: captureDir,
  MAIL_FROM: 'Mandi <no-reply@mandi.test>',
  SMTP_URL: undefined,
});
const verifyLink = 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=abc123&apiKey=fake-api-key';

/** Sends one mail through the capture, a few ms after the previous one so the order is certain. */
async function capture(to: string, subject: string, html: string, text: string): Promise<CapturedMail> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return (await mailer.send({ to, subject, html, text })).captured!;
}

describe('the dev mail inbox', () => {
  let api: ApiHarness;
  let verification: CapturedMail;
  let hostile: CapturedMail;

  beforeAll(async () => {
    api = await ApiHarness.start({ MAIL_TRANSPORT: 'capture', MAIL_CAPTURE_DIR: captureDir });
    verification = await capture(
      'ravi@mandi.test',
      'Verify your e-mail address for Mandi',
      `<!doctype html><html><head><title>Verify</title></head><body><p>Hi Ravi,</p><a href="${verifyLink.replaceAll('&', '&amp;')}">Verify my e-mail</a></body></html>`,
      `Hi Ravi,\n\n${verifyLink}\n`,
    );
    hostile = await capture(
      'sita@mandi.test',
      '<script>alert("subject")</script>',
      '<p>Hello</p><script>alert("body")</script>',
      'See <b>https://mandi.test/x?a=1&b=2</b> now',
    );
  });

  afterAll(async () => {
    await api.stop();
    mailer.close();
    rmSync(captureDir, { recursive: true, force: true });
  });

  const get = (url: string) => api.request({ method: 'GET', url });

  it('lists the captured mails, newest first, with recipient, subject and time', async () => {
    const response = await get('/dev/mail');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = response.body;
    const rows = body.match(/<tr><td>.*?<\/tr>/g)!;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('<td>sita@mandi.test</td>');
    expect(rows[0]).toContain(
      `<a href="/dev/mail/${hostile.id}">&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</a>`,
    );
    expect(rows[1]).toContain('<td>ravi@mandi.test</td>');
    expect(rows[1]).toContain(`<a href="/dev/mail/${verification.id}">Verify your e-mail address for Mandi</a>`);
    expect(rows[1]).toContain(`<time datetime="${verification.sentAt}">`);
    expect(body).not.toContain('<script>');
  });

  it('shows one mail: its HTML in a sandboxed frame, its text with clickable links', async () => {
    const response = await get(`/dev/mail/${verification.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<dd>Mandi &lt;no-reply@mandi.test&gt;</dd>');
    expect(body).toContain('<dd>ravi@mandi.test</dd>');

    const frame = /<iframe title="HTML version of the mail" sandbox="([^"]*)" srcdoc="([^"]*)"><\/iframe>/.exec(body);
    expect(frame).not.toBeNull();
    // No scripts, no same-origin access; a link opens in a new, unsandboxed tab (the emulator's page needs scripts).
    expect(frame![1]).toBe('allow-popups allow-popups-to-escape-sandbox');
    const srcdoc = frame![2]!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
    expect(srcdoc).toBe(verification.html.replace('<head>', '<head><base target="_blank">'));

    const escapedLink = verifyLink.replaceAll('&', '&amp;');
    expect(body).toContain(
      `<pre>Hi Ravi,\n\n<a href="${escapedLink}" target="_blank" rel="noopener">${escapedLink}</a>\n</pre>`,
    );
  });

  it('escapes everything a mail holds', async () => {
    const body = (await get(`/dev/mail/${hostile.id}`)).body;
    expect(body).not.toContain('<script>');
    expect(body).toContain('<title>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;</title>');
    expect(body).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;Hello&lt;/p&gt;&lt;script&gt;');
    expect(body).toContain(
      '<pre>See &lt;b&gt;<a href="https://mandi.test/x?a=1&amp;b=2" target="_blank" rel="noopener">https://mandi.test/x?a=1&amp;b=2</a>&lt;/b&gt; now</pre>',
    );
  });

  it('sends its own content security policy: the mail HTML may style itself but never run anything', async () => {
    for (const url of ['/dev/mail', `/dev/mail/${verification.id}`]) {
      const csp = (await get(url)).headers['content-security-policy']!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("style-src 'unsafe-inline'");
      expect(csp).not.toContain('script-src');
    }
  });

  it('answers 404 for a mail that is not there, and never reads outside the capture', async () => {
    for (const url of [
      '/dev/mail/2026-01-01T00-00-00-000Z-00000000',
      '/dev/mail/..%2F..%2Fpackage',
      '/dev/mail/%2Fetc%2Fpasswd',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('There is no such mail in the capture.');
    }
  });

  it('answers the mails to one address as JSON, with the links of the text version, for tests', async () => {
    const response = await get('/dev/mail/messages.json?to=RAVI%40mandi.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ ...verification, links: [verifyLink] }]);
    const all = (await get('/dev/mail/messages.json')).json() as CapturedMail[];
    expect(all.map((mail) => mail.id)).toEqual([hostile.id, verification.id]);
    expect((await get('/dev/mail/messages.json?to=nobody%40mandi.test')).json()).toEqual([]);
  });

  it('stays outside the /api prefix', async () => {
    const response = await get('/api/dev/mail');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  // Last, as it adds a mail to the inbox the tests above count.
  it("lists a mail's attachments and downloads each as the worker attached it", async () => {
    const pdf = Buffer.from('%PDF-1.7\n% an invoice\n%%EOF\n');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { captured } = await mailer.send({
      to: 'ravi@mandi.test',
      subject: 'Your invoice INV/26-27/000001',
      html: '<p>Attached.</p>',
      text: 'Attached.',
      attachments: [{ filename: 'INV-26-27-000001.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect((await get('/dev/mail')).body).toContain('Your invoice INV/26-27/000001</a> <small>(1 attachment)</small>');
    const page = (await get(`/dev/mail/${captured!.id}`)).body;
    expect(page).toContain(`<a href="/dev/mail/${captured!.id}/attachments/0">INV-26-27-000001.pdf</a>`);

    const file = await fetch(`${api.baseUrl}/dev/mail/${captured!.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="INV-26-27-000001.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    for (const index of ['1', '-1', 'x', '999']) {
      expect((await get(`/dev/mail/${captured!.id}/attachments/${index}`)).statusCode).toBe(404);
    }
    expect((await get(`/dev/mail/${verification.id}/attachments/0`)).statusCode).toBe(404);
  });
});

describe('the dev mail inbox with real mail delivery', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_CAPTURE_DIR: captureDir,
    });
  });
  afterAll(() => api.stop());

  it('is not served: there is no capture to show', async () => {
    for (const url of ['/dev/mail', '/dev/mail/messages.json']) {
      const response = await api.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Mandi mail');
    }
  });
});
