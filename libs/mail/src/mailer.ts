import { resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '@mandi/config';
import { newCapturedMailId, writeCapturedMail, type CapturedAttachment, type CapturedMail } from './mail-capture.js';

/** The settings a Mailer is built from (see libs/config). */
export type MailSettings = Pick<AppConfig, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_CAPTURE_DIR' | 'MAIL_FROM'>;

/** A file a mail carries, e.g. an invoice's PDF. */
export interface MailAttachment {
  /** The name the recipient saves it under, e.g. `INV-26-27-000123.pdf`. */
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

/** One mail to send: both versions of the body, so every mail program shows one, and any files it carries. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly attachments?: readonly MailAttachment[];
}

/** What became of a sent mail. */
export interface SentMail {
  /** The Message-ID header nodemailer gave it. */
  readonly messageId: string;
  /** With the 'capture' transport: the captured mail, as readCapturedMails will read it back. */
  readonly captured?: CapturedMail;
}

/** The shape of nodemailer's jsonTransport message (the parts we keep); attachments come base64-encoded. */
interface JsonMessage {
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * Sends mail through nodemailer, from MAIL_FROM. MAIL_TRANSPORT 'smtp' sends through SMTP_URL; 'capture' (development
 * and tests) composes the mail with nodemailer's jsonTransport, so addresses are checked the same way, and writes it
 * as one JSON file per mail to MAIL_CAPTURE_DIR, where a person reads it at /dev/mail and a test follows its link.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly captureDir: string | undefined;

  constructor(private readonly settings: MailSettings) {
    if (settings.MAIL_TRANSPORT === 'smtp') {
      if (!settings.SMTP_URL) throw new Error('SMTP_URL is required when MAIL_TRANSPORT is smtp');
      this.transport = nodemailer.createTransport(settings.SMTP_URL);
    } else {
      this.transport = nodemailer.createTransport({ jsonTransport: true });
      this.captureDir = resolve(settings.MAIL_CAPTURE_DIR);
    }
  }

  /** Sends `mail`; throws when the transport refuses it (the job then retries). */
  async send({ attachments, ...mail }: OutgoingMail): Promise<SentMail> {
    const files = attachments?.map(({ filename, content, contentType }) => ({ filename, content, contentType }));
    const info = (await this.transport.sendMail({ from: this.settings.MAIL_FROM, ...mail, attachments: files })) as {
      messageId: string;
      envelope: { to: string[] };
      message?: string;
    };
    if (this.captureDir === undefined) return { messageId: info.messageId };
    // SMTP refuses a mail without a recipient; the capture must not let such a bug pass in development.
    if (info.envelope.to.length === 0) throw new Error('No recipients defined');

    const message = JSON.parse(info.message!) as JsonMessage;
    const sentAt = new Date();
    const captured: CapturedMail = {
      id: newCapturedMailId(sentAt),
      to: info.envelope.to.join(', '),
      from: this.settings.MAIL_FROM,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sentAt: sentAt.toISOString(),
      // Only on a mail that has files, so the capture of every other mail keeps its shape.
      ...(message.attachments?.length ? { attachments: message.attachments.map(capturedAttachment) } : {}),
    };
    await writeCapturedMail(this.captureDir, captured);
    return { messageId: info.messageId, captured };
  }

  /** Closes the transport's connections (SMTP pools); nothing to do for the capture. */
  close(): void {
    this.transport.close();
  }
}

/** A file of a jsonTransport message as the capture keeps it: its name, type, size and bytes (base64). */
function capturedAttachment({
  filename,
  contentType,
  content,
}: {
  filename: string;
  contentType: string;
  content: string;
}): CapturedAttachment {
  return { filename, contentType, size: Buffer.from(content, 'base64').length, content };
}
