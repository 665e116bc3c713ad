import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { capturedMailIdPattern, readCapturedMail, readCapturedMails } from './mail-capture.js';
import { Mailer, type MailSettings } from './mailer.js';

describe('the capture transport', () => {
  let dir: string;
  let mailer: Mailer;
  const settings = (captureDir: string): MailSettings => ({
    MAIL_TRANSPORT: 'capture',
    MAIL_CAPTURE_DIR: captureDir,
    MAIL_FROM: 'Mandi <no-reply@mandi.test>',
    SMTP_URL: undefined,
  });
  const mail = (to: string, subject: string) => ({
    to,
    subject,
    text: `Open https://mandi.test/verify?code=1&u=${to}`,
    html: `<p>Open <a href="https://mandi.test/verify?code=1&amp;u=${to}">the link</a></p>`,
  });

  beforeEach(() => {
    // A folder that does not exist yet: the first mail creates it.
    dir = join(mkdtempSync(join(tmpdir(), 'mandi-mail-')), 'captured');
    mailer = new Mailer(settings(dir));
  });

  afterEach(() => {
    mailer.close();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('writes one JSON file per mail, named <time>-<random>.json, with what was sent', async () => {
    const before = Date.now();
    const sent = await mailer.send(mail('ravi@mandi.test', 'Verify your e-mail address for Mandi'));

    const files = readdirSync(dir);
    expect(files).toEqual([`${sent.captured!.id}.json`]);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.json$/);
    const stored = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
    expect(stored).toEqual({
      id: sent.captured!.id,
      to: 'ravi@mandi.test',
      from: 'Mandi <no-reply@mandi.test>',
      subject: 'Verify your e-mail address for Mandi',
      text: 'Open https://mandi.test/verify?code=1&u=ravi@mandi.test',
      html: '<p>Open <a href="https://mandi.test/verify?code=1&amp;u=ravi@mandi.test">the link</a></p>',
      sentAt: expect.any(String),
    });
    expect(Date.parse(stored.sentAt)).toBeGreaterThanOrEqual(before);
    expect(sent.captured!.id.startsWith(stored.sentAt.replace(/[:.]/g, '-'))).toBe(true);
    expect(sent.messageId).toMatch(/^<.+@mandi\.test>$/);
  });

  it('makes the folder again when it was removed after a first mail', async () => {
    await mailer.send(mail('ravi@mandi.test', 'First'));
    rmSync(dir, { recursive: true });
    const sent = await mailer.send(mail('ravi@mandi.test', 'Second'));
    expect(readdirSync(dir)).toEqual([`${sent.captured!.id}.json`]);
  });

  it('reads the captured mails back newest first, all of them or those to one address', async () => {
    await mailer.send(mail('ravi@mandi.test', 'first'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send(mail('sita@mandi.test', 'second'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send(mail('ravi@mandi.test', 'third'));

    expect((await readCapturedMails(dir)).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect((await readCapturedMails(dir, { to: 'RAVI@mandi.test' })).map((m) => m.subject)).toEqual(['third', 'first']);
    expect(await readCapturedMails(dir, { to: 'nobody@mandi.test' })).toEqual([]);
    const [newest] = await readCapturedMails(dir);
    expect(await readCapturedMail(dir, newest!.id)).toEqual(newest);
  });

  it('answers no mail for a folder nothing was sent to yet', async () => {
    expect(await readCapturedMails(join(dir, 'never'))).toEqual([]);
  });

  it('skips files that are not captured mails, and never reads outside the folder', async () => {
    const sent = await mailer.send(mail('ravi@mandi.test', 'real'));
    writeFileSync(join(dir, 'notes.json'), '{"to":"x"}');
    writeFileSync(join(dir, '2026-01-01T00-00-00-000Z-0000000a.json'), 'not json');
    writeFileSync(join(dir, '2026-01-01T00-00-00-000Z-0000000b.json'), '{"to":"half a mail"}');

    expect((await readCapturedMails(dir)).map((m) => m.id)).toEqual([sent.captured!.id]);
    expect(await readCapturedMail(dir, '../captured/notes')).toBeUndefined();
    expect(await readCapturedMail(dir, '2026-01-01T00-00-00-000Z-0000000a')).toBeUndefined();
    expect(capturedMailIdPattern.test(sent.captured!.id)).toBe(true);
  });

  it('captures the files a mail carries with their name, type, size and bytes, and keeps them off mails without', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% invoice\n%%EOF\n');
    const sent = await mailer.send({
      ...mail('ravi@mandi.test', 'Your invoice'),
      attachments: [{ filename: 'INV-26-27-000001.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    const [captured] = await readCapturedMails(dir);
    expect(captured).toEqual(sent.captured);
    expect(captured!.attachments).toEqual([
      {
        filename: 'INV-26-27-000001.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        content: pdf.toString('base64'),
      },
    ]);
    expect(Buffer.from(captured!.attachments![0]!.content, 'base64')).toEqual(pdf);

    await mailer.send(mail('sita@mandi.test', 'No files'));
    const [plain] = await readCapturedMails(dir, { to: 'sita@mandi.test' });
    expect(plain).not.toHaveProperty('attachments');
  });

  it('refuses a mail without a recipient and captures nothing', async () => {
    await expect(mailer.send(mail('', 'nobody'))).rejects.toThrow(/No recipients defined/);
    expect(await readCapturedMails(dir)).toEqual([]);
  });
});

describe('the smtp transport', () => {
  it('needs SMTP_URL', () => {
    expect(
      () =>
        new Mailer({
          MAIL_TRANSPORT: 'smtp',
          SMTP_URL: undefined,
          MAIL_CAPTURE_DIR: 'var/mail',
          MAIL_FROM: 'Mandi <no-reply@mandi.test>',
        }),
    ).toThrow('SMTP_URL is required when MAIL_TRANSPORT is smtp');
  });
});
