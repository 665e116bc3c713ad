import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A file a captured mail carries. */
export interface CapturedAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** Its length in bytes. */
  readonly size: number;
  /** Its bytes, base64-encoded. */
  readonly content: string;
}

/** One mail as the 'capture' transport keeps it: a JSON file `<id>.json` in MAIL_CAPTURE_DIR. */
export interface CapturedMail {
  /** The file name without `.json`: the sending time, then a random part, e.g. `2026-11-22T06-14-00-123Z-9f2c41d0`. */
  readonly id: string;
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** When it was sent, as an ISO time. */
  readonly sentAt: string;
  /** The files it carries; absent when it carries none. */
  readonly attachments?: readonly CapturedAttachment[];
}

/** What a captured mail's id looks like; anything else (a path, `..`) is never read. */
export const capturedMailIdPattern = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}$/;

/**
 * A new id for a mail sent at `sentAt`: the ISO time with ':' and '.' turned into '-' (so it is a valid file name
 * everywhere and needs no escaping in a URL), then 8 random hex digits. Ids sort in sending order.
 */
export function newCapturedMailId(sentAt: Date): string {
  return `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
}

/**
 * Writes `mail` to `dir` as `<id>.json`. The file appears whole or not at all (written aside, then renamed), so a
 * reader never sees half a mail. The folder is made when the write finds it missing, not before every mail (a mkdir
 * a mail was a twentieth of the worker's CPU under an order load).
 */
export async function writeCapturedMail(dir: string, mail: CapturedMail): Promise<string> {
  const path = join(dir, `${mail.id}.json`);
  const partial = join(dir, `.${mail.id}.json.partial`);
  const content = `${JSON.stringify(mail, null, 2)}\n`;
  try {
    await writeFile(partial, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true });
    await writeFile(partial, content);
  }
  await rename(partial, path);
  return path;
}

/**
 * The mails captured in `dir`, newest first; only those sent to `to` (compared case-insensitively) when given.
 * A missing folder means no mail yet; files that are not captured mails are skipped.
 */
export async function readCapturedMails(dir: string, filter: { to?: string } = {}): Promise<CapturedMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => capturedMailIdPattern.test(id));
  const mails = (await Promise.all(ids.map((id) => readCapturedMail(dir, id)))).filter(
    (mail): mail is CapturedMail => mail !== undefined,
  );
  const to = filter.to?.toLowerCase();
  return mails
    .filter((mail) => to === undefined || mail.to.toLowerCase() === to)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
}

/** The captured mail `id` in `dir`, or undefined when there is none (or `id` is not a captured mail's id). */
export async function readCapturedMail(dir: string, id: string): Promise<CapturedMail | undefined> {
  if (!capturedMailIdPattern.test(id)) return undefined;
  let content: string;
  try {
    content = await readFile(join(dir, `${id}.json`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const mail = JSON.parse(content) as Partial<CapturedMail>;
    return isCapturedMail(mail) ? { ...mail, id } : undefined;
  } catch {
    return undefined;
  }
}

function isCapturedMail(value: Partial<CapturedMail>): value is CapturedMail {
  return (['to', 'from', 'subject', 'text', 'html', 'sentAt'] as const).every((key) => typeof value[key] === 'string');
}
