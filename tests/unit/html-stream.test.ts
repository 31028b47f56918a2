// React 18.3's server renderer pads a 2 KB view with NUL bytes when a multibyte character does not
// fit at its end (the family page carried two before an ellipsis). The document drops them, and
// goes out whole, in one piece (ADR 020).
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { wholeDocument, withoutNulBytes } from "~/utils/html-stream.server";

// many short texts, as a page has: React copies each into its current 2 KB view
const page = (lead: number) =>
  createElement(
    "div",
    null,
    createElement("span", null, "a".repeat(lead)),
    ...Array.from({ length: 120 }, (_, i) =>
      createElement("p", { key: i }, `Story ${i} of the family, told…`),
    ),
  );

function render(
  element: ReturnType<typeof page>,
  through: () => NodeJS.ReadWriteStream,
  chunks: Buffer[] = [],
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const stream = through();
        stream.pipe(sink);
        pipe(stream as unknown as Writable);
      },
      onError: reject,
    });
  });
}

const expected = (lead: number) =>
  `<div><span>${"a".repeat(lead)}</span>${Array.from({ length: 120 }, (_, i) => `<p>Story ${i} of the family, told…</p>`).join("")}</div>`;

/** A lead length at which an ellipsis falls across the end of React's view. */
/** The page as the app renders a document: whole, by wholeDocument. */
function renderWhole(element: ReturnType<typeof page>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        wholeDocument(pipe).then(
          (html) => resolve(Buffer.from(html.buffer, html.byteOffset, html.byteLength)),
          reject,
        );
      },
      onError: reject,
    });
  });
}

async function cutLead(): Promise<number> {
  for (let lead = 1; lead < 60; lead++)
    if ((await render(page(lead), () => new PassThrough())).includes(0)) return lead;
  throw new Error("React no longer pads its views: this workaround can go");
}

describe("the HTML stream", () => {
  it("reproduces React's padding without the fix (so the test below can fail)", async () => {
    const lead = await cutLead();
    const raw = await render(page(lead), () => new PassThrough());
    expect(raw.filter((b) => b === 0).length).toBeGreaterThan(0);
  });

  it("keeps every multibyte character whole and carries no NUL byte", async () => {
    const lead = await cutLead();
    const html = await renderWhole(page(lead));
    expect(html.includes(0)).toBe(false);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(html);
    expect(text).toBe(expected(lead));
    expect(text).not.toContain("\uFFFD");
  });

  it("keeps chunks without NUL bytes as they are, and removes every NUL wherever it is", () => {
    const plain = new TextEncoder().encode("Grüße… 🎙️");
    expect(withoutNulBytes(plain)).toBe(plain);
    const padded = Uint8Array.from([0, 0x61, 0, 0, 0xe2, 0x80, 0xa6, 0]);
    expect(Array.from(withoutNulBytes(padded))).toEqual([0x61, 0xe2, 0x80, 0xa6]);
  });

  it("gives the whole document as React wrote it, in one piece, from React's many 2 KB views", async () => {
    const views: Buffer[] = [];
    const raw = await render(page(1), () => new PassThrough(), views);
    expect(views.length).toBeGreaterThan(2);
    const html = await renderWhole(page(1));
    expect(html.equals(raw)).toBe(true);
    expect(html.toString()).toBe(expected(1));
  });
});
