import { DEFAULT_LOGO_URL } from '@schooliko/common/institutes';
import type { OutboxMail } from './mail.service';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Plain text as HTML: everything escaped, http(s) links made clickable. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    const at = match.index ?? 0;
    html += escapeHtml(text.slice(last, at));
    html += `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = at + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The development mail viewer: the outbox, newest first. No scripts (the CSP allows none). */
export function renderOutboxPage(mails: OutboxMail[], to: string | undefined, total: number): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${m.channel === 'sms' ? '<span class="sms">SMS</span> ' : ''}${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.createdAt.toISOString())}">${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const empty = to
    ? `<p class="empty">No mail to ${escapeHtml(to)} yet. Trigger one (e.g. Forgot password) and reload this page.</p>`
    : '<p class="empty">No mail yet. Trigger one (e.g. Forgot password) and reload this page.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mail · Schooliko</title>
<link rel="icon" type="image/png" href="${DEFAULT_LOGO_URL}">
<style>
body { font-family: Montserrat, system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 24px; color: #1f2933; }
h1 { color: #003c4f; font-size: 22px; margin: 0 0 4px; }
form { margin: 16px 0; display: flex; gap: 8px; }
input { flex: 1; padding: 6px 10px; border: 1px solid #c4cdd5; border-radius: 4px; }
button { background: #003c4f; color: #fff; border: 0; border-radius: 4px; padding: 6px 14px; cursor: pointer; }
article { border: 1px solid #e0e6eb; border-radius: 4px; padding: 12px 16px; margin: 12px 0; }
h2 { font-size: 16px; margin: 0 0 4px; }
.meta, .note { color: #52606d; font-size: 13px; margin: 0 0 8px; }
pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; margin: 0; }
a { color: #388e3c; }
.empty { color: #52606d; }
.sms { background: #388e3c; color: #fff; border-radius: 4px; padding: 1px 6px; font-size: 12px; }
</style>
</head>
<body>
<h1>Development mail and SMS</h1>
<p class="note">Mail is kept here because SMTP_URL is not set, and SMS because SMS_API_KEY is not set. ${total} message${total === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}, newest first${total > mails.length ? ` (showing the newest ${mails.length})` : ''}.</p>
<form method="get" action="/dev/mail">
<input type="text" name="to" placeholder="Only messages to (email or mobile)…" value="${escapeHtml(to ?? '')}">
<button type="submit">Filter</button>
</form>
${items || empty}
</body>
</html>`;
}
