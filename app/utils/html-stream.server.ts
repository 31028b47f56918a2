// The bytes of a streamed HTML page, made whole. React 18.3's server renderer encodes its output
// into 2 KB views; when a multibyte character (…, é, an emoji) does not fit at the end of a view,
// `writeStringChunk` sends the whole view anyway, so the one to three bytes it left empty go out
// as NUL bytes before the character (react-dom-server.node, `if (read < stringChunk.length)`).
// In UTF-8 the byte 0x00 only ever stands for U+0000, which HTML never needs, so dropping every
// 0x00 byte restores exactly the text React meant to send, wherever the cut falls.
import { Writable } from "node:stream";

/** Removes 0x00 bytes from a UTF-8 byte stream; chunks without one pass through untouched. */
export function withoutNulBytes(chunk: Uint8Array): Uint8Array {
  let at = chunk.indexOf(0);
  if (at === -1) return chunk;
  const out = new Uint8Array(chunk.byteLength);
  let length = 0;
  let from = 0;
  while (at !== -1) {
    out.set(chunk.subarray(from, at), length);
    length += at - from;
    from = at + 1;
    at = chunk.indexOf(0, from);
  }
  out.set(chunk.subarray(from), length);
  length += chunk.byteLength - from;
  return out.subarray(0, length);
}

/**
 * React's document, written whole, as one buffer without NUL padding (see above). Remix's loaders
 * have all finished before React starts (no page defers data), so streaming only spread the
 * React render's few milliseconds over many pieces, each crossing a web stream, the response and
 * the compressor; the whole page in one piece costs the server less (ADR 020). `pipe` is React's
 * (renderToPipeableStream's), called with the destination to write into.
 */
export function wholeDocument(
  pipe: (destination: Writable) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let bytes = 0;
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(chunk);
        bytes += chunk.byteLength;
        done();
      },
      final(done) {
        resolve(withoutNulBytes(Buffer.concat(parts, bytes)) as Uint8Array<ArrayBuffer>);
        done();
      },
    });
    destination.on("error", reject);
    pipe(destination);
  });
}
