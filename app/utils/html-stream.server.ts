// The bytes of a streamed HTML page, made whole. React 18.3's server renderer encodes its output
// into 2 KB views; when a multibyte character (…, é, an emoji) does not fit at the end of a view,
// `writeStringChunk` sends the whole view anyway, so the one to three bytes it left empty go out
// as NUL bytes before the character (react-dom-server.node, `if (read < stringChunk.length)`).
// In UTF-8 the byte 0x00 only ever stands for U+0000, which HTML never needs, so dropping every
// 0x00 byte restores exactly the text React meant to send, wherever the cut falls.
import { Transform, type TransformCallback } from "node:stream";

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
 * React's HTML stream on its way to the response: NUL padding dropped (see above), and React's 2 KB
 * views held until React says a pass of writing is done (it calls the destination's `flush()` after
 * the shell, and after each Suspense boundary), then sent as one chunk. A 47 KB page went through
 * the web stream Remix needs, the response and the compressor as ~25 pieces; each piece costs a
 * trip through each, and brotli compresses a few large pieces in half the time of many small ones.
 * What React streams in passes still goes out as soon as each pass is written.
 */
export class WholeCharacters extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.held.push(chunk);
    this.heldBytes += chunk.byteLength;
    callback();
  }

  /** Called by React when a pass of writing is complete. */
  flush() {
    if (this.heldBytes === 0) return;
    const whole = this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    this.heldBytes = 0;
    this.push(withoutNulBytes(whole));
  }

  _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}
