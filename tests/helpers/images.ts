// Image fixtures made at test time: a phone-like JPEG with GPS EXIF, a too-large file, a text file,
// PNGs of any shape (written by hand: image tools refuse sides past 16k pixels), a JPEG cut short.
import zlib from "node:zlib";
import sharp from "sharp";

export const GPS_LATITUDE = "45/1 31/1 0/1";

/** A JPEG like a phone's: EXIF orientation 6 (portrait held sideways), a camera make and a GPS position. */
export async function phoneJpegWithGps(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: GPS_LATITUDE,
        GPSLongitudeRef: "W",
        GPSLongitude: "122/1 40/1 0/1",
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Whether an EXIF block holds a GPS IFD pointer (tag 0x8825, in either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** A JPEG's first bytes and 26 MB after them: over what a phone may send (25 MB). */
export function overPhoneLimitJpeg(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(26 * 1024 * 1024, 7)]);
}

/** A text file that a user renamed to photo.jpg. */
export function textRenamedJpg(): Buffer {
  return Buffer.from("These are my holiday notes, not a picture.\n".repeat(20));
}

/**
 * A real, decodable JPEG the size of a phone camera's large photo (21 MB by default): noise does not
 * compress, so its size follows its pixel count. The size is checked, so the messages can name it.
 */
export async function largePhoneJpeg(targetBytes = 21 * 1024 * 1024): Promise<Buffer> {
  const make = (pixels: number) => {
    const width = Math.round(Math.sqrt((pixels * 4) / 3));
    const height = Math.round((width * 3) / 4);
    return sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
      .toBuffer();
  };
  // about 2.67 bytes a pixel at this quality; one correction lands within a few percent
  let pixels = targetBytes / 2.67;
  let jpeg = await make(pixels);
  pixels *= targetBytes / jpeg.length;
  jpeg = await make(pixels);
  const mb = jpeg.length / (1024 * 1024);
  if (Math.round(mb) !== Math.round(targetBytes / (1024 * 1024)))
    throw new Error(`made a ${mb.toFixed(2)} MB photo instead of ${targetBytes / 1048576} MB`);
  return jpeg;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid grey PNG of any size, 1 x 60000 included: each row a filter byte and its pixels, deflated. */
export function greyPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + width, 0x80);
  row[0] = 0; // no filter
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real photo's JPEG with its last 40% missing, as an upload cut off mid-way leaves it. */
export async function truncatedJpeg(width = 800, height = 600): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#3366aa",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}
