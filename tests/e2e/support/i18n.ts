// What a person reads or hears on a page, for the tests that check its language.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/** The page's title, its text, and the labels of its controls (what a screen reader says). */
export async function pageStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest("script, style, noscript, template")) continue;
      if (n.textContent?.trim()) out.push(n.textContent);
    }
    const attributes = ["aria-label", "title", "placeholder", "alt", "aria-description"];
    for (const el of document.querySelectorAll(attributes.map((a) => `[${a}]`).join(", ")))
      for (const a of attributes) {
        const v = el.getAttribute(a);
        if (v?.trim()) out.push(v);
      }
    for (const el of document.querySelectorAll('input[type="submit"], input[type="button"]'))
      out.push((el as HTMLInputElement).value);
    return out;
  });
}

/**
 * English interface text that Spanish writes differently: every English catalog message without
 * values whose Spanish is another text. A page read in Spanish shows none of them.
 */
export function englishOnlyMessages(): Set<string> {
  const dir = path.resolve("app/locales");
  const out = new Set<string>();
  for (const file of fs.readdirSync(path.join(dir, "en"))) {
    const en = JSON.parse(fs.readFileSync(path.join(dir, "en", file), "utf8")) as Record<
      string,
      string
    >;
    const esFile = path.join(dir, "es", file);
    const es = fs.existsSync(esFile)
      ? (JSON.parse(fs.readFileSync(esFile, "utf8")) as Record<string, string>)
      : {};
    for (const [key, text] of Object.entries(en)) {
      if (/[{}']/.test(text) || text === es[key] || !/[A-Za-z]{2}.*\s.*[A-Za-z]{2}/.test(text))
        continue;
      out.add(text.trim());
    }
  }
  return out;
}

/** The strings of the page that are English interface text (englishOnlyMessages), trimmed. */
export async function englishOn(page: Page, english: Set<string>): Promise<string[]> {
  return (await pageStrings(page)).map((s) => s.trim()).filter((s) => english.has(s));
}
