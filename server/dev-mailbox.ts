import type { Hono } from "hono";
import { findMailboxMessage, listMailbox, type MailboxMessage } from "../modules/mail/mailbox";
import type { AppEnv } from "./context";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text with its links made clickable (the reset link, the unsubscribe link). */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="NOINDEX, NOFOLLOW"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1f1f2e}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}a{color:#a3003a}</style>
</head><body><main>${body}</main></body></html>`;
}

function status(message: MailboxMessage): string {
  if (message.status === "sent") return `Delivered via ${message.deliveredVia ?? "?"}`;
  if (message.status === "dead") return `Failed: ${message.lastError ?? ""}`;
  return message.attempts > 0 ? `Retrying (${message.attempts} attempts)` : "Queued";
}

/**
 * The development mailbox: every message of the outbox, newest first, with clickable links.
 * Only mounted when DEV_MAILBOX is on (outside production by default): it shows everyone's mail.
 */
export function registerDevMailbox(app: Hono<AppEnv>): void {
  app.get("/dev/mailbox", async (c) => {
    const messages = await listMailbox(c.get("db"), 100);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString().replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(status(m))}</td></tr>`,
      )
      .join("");
    const table = messages.length
      ? `<table><caption>Newest first</caption><thead><tr><th scope="col">Time (UTC)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>No mail yet.</p>";
    c.header("cache-control", "no-store");
    return c.html(page("Development mailbox", `<h1>Development mailbox</h1><p>Mail the shop sent, kept here because SMTP_URL is not set.</p>${table}`));
  });

  app.get("/dev/mailbox/:id{[0-9]+}", async (c) => {
    const message = await findMailboxMessage(c.get("db"), Number(c.req.param("id")));
    if (!message) return c.text("Page not found", 404);
    c.header("cache-control", "no-store");
    return c.html(
      page(
        message.subject,
        `<p><a href="/dev/mailbox">All mail</a></p><h1>${escapeHtml(message.subject)}</h1>` +
          `<dl><dt>From</dt><dd>${escapeHtml(message.from ?? "(default sender)")}</dd><dt>To</dt><dd>${escapeHtml(message.to)}</dd>` +
          `<dt>Status</dt><dd>${escapeHtml(status(message))}</dd></dl><pre>${linkify(message.text)}</pre>`,
      ),
    );
  });
}
