// The part of yauzl (reading zips back in tests) that the tests use; the package ships no types.
declare module "yauzl" {
  import type { Readable } from "node:stream";
  import type { EventEmitter } from "node:events";
  export interface Entry {
    fileName: string;
    uncompressedSize: number;
  }
  export interface ZipFile extends EventEmitter {
    readEntry(): void;
    openReadStream(entry: Entry, callback: (err: Error | null, stream?: Readable) => void): void;
    close(): void;
  }
  export function fromBuffer(
    buffer: Buffer,
    options: { lazyEntries?: boolean },
    callback: (err: Error | null, zipfile?: ZipFile) => void,
  ): void;
  export function open(
    path: string,
    options: { lazyEntries?: boolean },
    callback: (err: Error | null, zipfile?: ZipFile) => void,
  ): void;
  const yauzl: { fromBuffer: typeof fromBuffer; open: typeof open };
  export default yauzl;
}
