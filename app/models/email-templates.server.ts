// The words and layout of Storyloom's emails: plain text first (every mail program shows it), and
// simple HTML with large type and no images or scripts. Each message names the community, links to
// what it is about, and ends with the settings and one-click unsubscribe links, in the recipient's
// language (email.json).
import { escapeHtml } from "~/utils/html";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

export type EmailItem = { text: string; url?: string | null; meta?: string | null };
export type EmailSection = { title: string; items: EmailItem[] };

export type EmailContent = {
  /** the recipient's language: the footer's words and the page's lang (the rest comes written) */
  lang?: string;
  communityName: string;
  /** the community site's origin, e.g. https://sunnybrook.storyloom.example */
  origin: string;
  heading: string;
  paragraphs?: string[];
  /** a quotation shown under the heading (a comment, a review note) */
  quote?: string | null;
  action?: { label: string; url: string } | null;
  sections?: EmailSection[];
  /** null for a message sent because of what the person or staff just did (an invitation, a
   * password link): it has no settings or unsubscribe links, since it cannot be switched off */
  unsubscribeUrl: string | null;
  /** why the person gets this email */
  reason: string;
};

function textOf(c: EmailContent): string {
  const lines: string[] = [c.communityName, "", c.heading, ""];
  if (c.quote) lines.push(...c.quote.split("\n").map((l) => `> ${l}`), "");
  for (const p of c.paragraphs ?? []) lines.push(p, "");
  if (c.action) lines.push(`${c.action.label}: ${c.action.url}`, "");
  for (const s of c.sections ?? []) {
    lines.push(s.title, "-".repeat(Math.min(60, s.title.length)));
    for (const item of s.items) {
      lines.push(`* ${item.text}${item.meta ? ` (${item.meta})` : ""}`);
      if (item.url) lines.push(`  ${item.url}`);
    }
    lines.push("");
  }
  const t = translator(c.lang, "email");
  lines.push("-- ", `${c.communityName} · ${c.origin}/`, c.reason);
  if (c.unsubscribeUrl) {
    lines.push(
      t("footer.chooseAt", { url: `${c.origin}/notifications/settings` }),
      t("footer.stopAll", { community: c.communityName, url: c.unsubscribeUrl }),
    );
  }
  return lines.join("\n");
}

const LINK = 'style="color:#1e4d8c;font-weight:bold"';

function htmlOf(c: EmailContent): string {
  const e = escapeHtml;
  const t = translator(c.lang, "email");
  const parts: string[] = [];
  parts.push(`<p style="margin:0 0 8px;font-size:16px;color:#44403c">${e(c.communityName)}</p>`);
  parts.push(`<h1 style="margin:0 0 16px;font-size:26px;line-height:1.3;color:#1c1917">${e(c.heading)}</h1>`);
  if (c.quote) parts.push(`<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #a8a29e;font-size:18px;white-space:pre-line">${e(c.quote)}</blockquote>`);
  for (const p of c.paragraphs ?? []) parts.push(`<p style="margin:0 0 16px;font-size:18px;line-height:1.5">${e(p)}</p>`);
  if (c.action) {
    parts.push(
      `<p style="margin:0 0 24px"><a href="${e(c.action.url)}" style="display:inline-block;padding:12px 20px;background:#1e4d8c;color:#ffffff;font-size:18px;font-weight:bold;text-decoration:none;border-radius:8px">${e(c.action.label)}</a></p>`,
    );
  }
  for (const s of c.sections ?? []) {
    parts.push(`<h2 style="margin:24px 0 8px;font-size:21px;color:#1c1917">${e(s.title)}</h2><ul style="margin:0;padding-left:20px;font-size:18px;line-height:1.5">`);
    for (const item of s.items) {
      const text = item.url ? `<a href="${e(item.url)}" ${LINK}>${e(item.text)}</a>` : e(item.text);
      parts.push(`<li style="margin:0 0 8px">${text}${item.meta ? ` <span style="color:#57534e">(${e(item.meta)})</span>` : ""}</li>`);
    }
    parts.push("</ul>");
  }
  parts.push(
    `<hr style="margin:32px 0 16px;border:0;border-top:1px solid #d6d3d1"><p style="margin:0 0 8px;font-size:15px;color:#44403c">${e(c.communityName)} · <a href="${e(c.origin)}/" ${LINK}>${e(c.origin.replace(/^https?:\/\//, ""))}</a><br>${e(c.reason)}</p>`,
  );
  if (c.unsubscribeUrl) {
    parts.push(
      `<p style="margin:0;font-size:15px;color:#44403c"><a href="${e(c.origin)}/notifications/settings" ${LINK}>${e(t("footer.choose"))}</a> · <a href="${e(c.unsubscribeUrl)}" ${LINK}>${e(t("footer.unsubscribe"))}</a></p>`,
    );
  }
  return `<!doctype html><html lang="${e(c.lang ?? DEFAULT_LANGUAGE)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(c.heading)}</title></head><body style="margin:0;padding:24px;background:#ffffff;color:#1c1917;font-family:Arial,Helvetica,sans-serif"><div style="max-width:600px;margin:0 auto">${parts.join("")}</div></body></html>`;
}

export function renderEmail(content: EmailContent): { text: string; html: string } {
  return { text: textOf(content), html: htmlOf(content) };
}
