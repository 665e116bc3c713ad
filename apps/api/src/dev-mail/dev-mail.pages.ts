import { INDIA_TIME_ZONE } from '@mandi/domain';
import type { CapturedMail } from '@mandi/mail';

/** The dev inbox's pages. Every value that came from a mail is escaped; the mail's own HTML only ever runs in a sandbox. */

const LINK = /https?:\/\/[^\s<>"'`]+/g;

const sentTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** `value` as HTML text or attribute value. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The http(s) links of a text, in order. */
export function linksIn(text: string): string[] {
  return text.match(LINK) ?? [];
}

/** Plain text as HTML, its http(s) links clickable (opening in a new tab). */
function textWithLinks(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The mail's HTML with its links opening in a new tab: inside the sandbox they could not leave the frame. */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html) ? html.replace(/<head(\s[^>]*)?>/i, (head) => head + base) : base + html;
}

function time(iso: string): string {
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime()) ? iso : sentTime.format(date);
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>`;
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif; color: #1f2a1f; background: #f6f4ee; }
  header { background: #2e7d32; color: #fff; padding: 12px 16px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; font-size: 14px; opacity: .9; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  a { color: #2e7d32; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid #e3e7df; vertical-align: top; overflow-wrap: anywhere; }
  th { font-size: 14px; color: #5b665b; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 16px; }
  dt { color: #5b665b; }
  dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 70vh; border: 1px solid #e3e7df; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #e3e7df; padding: 12px; }
  .empty { background: #fff; padding: 16px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Mandi mail</h1><p>What the worker sent, captured on this machine (development only).</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The inbox: one row per mail, newest first. */
export function inboxPage(mails: readonly CapturedMail[]): string {
  const refresh = '<p><a href="/dev/mail">Refresh</a></p>';
  if (mails.length === 0) {
    return page(
      'Mail inbox',
      `${refresh}<p class="empty">No mail yet. Sign up or ask for a password reset, and the mail appears here.</p>`,
    );
  }
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.to)}</td>` +
        `<td><a href="/dev/mail/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a>${attachmentCount(mail)}</td>` +
        `<td>${time(mail.sentAt)}</td></tr>`,
    )
    .join('\n');
  return page(
    `Mail inbox (${mails.length})`,
    `${refresh}
<table>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Sent</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

/** One mail: its HTML version in a sandboxed frame (no scripts, links open in a new tab) and its text version. */
export function mailPage(mail: CapturedMail): string {
  return page(
    mail.subject || 'Mail',
    `<p><a href="/dev/mail">&larr; Inbox</a></p>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<dl>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Sent</dt><dd>${time(mail.sentAt)}</dd>
</dl>
${attachmentList(mail)}<h3>HTML version</h3>
<iframe title="HTML version of the mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(withLinksInNewTab(mail.html))}"></iframe>
<h3>Text version</h3>
<pre>${textWithLinks(mail.text)}</pre>`,
  );
}

/** ' (1 attachment)' beside a subject in the inbox, or nothing. */
function attachmentCount(mail: CapturedMail): string {
  const count = mail.attachments?.length ?? 0;
  return count === 0 ? '' : ` <small>(${count} attachment${count === 1 ? '' : 's'})</small>`;
}

/** A mail's files, each a download link with its type and size (an invoice or credit note PDF). */
function attachmentList(mail: CapturedMail): string {
  if (!mail.attachments?.length) return '';
  const items = mail.attachments
    .map(
      (file, index) =>
        `<li><a href="/dev/mail/${encodeURIComponent(mail.id)}/attachments/${index}">${escapeHtml(file.filename)}</a> ` +
        `<small>${escapeHtml(file.contentType)}, ${(file.size / 1024).toFixed(1)} kB</small></li>`,
    )
    .join('\n');
  return `<h3>Attachments</h3>\n<ul>\n${items}\n</ul>\n`;
}

/** The answer for a mail id that is not in the capture. */
export function mailNotFoundPage(): string {
  return page(
    'Mail not found',
    '<p><a href="/dev/mail">&larr; Inbox</a></p><p class="empty">There is no such mail in the capture.</p>',
  );
}
