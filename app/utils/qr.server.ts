// QR codes made on the server (the `qrcode` package), as SVG markup: printed sheets and cards show
// them without JavaScript or images to fetch. The markup is the library's own (paths only; the
// encoded text is never written into it as text), so it may be put into a page as it is.
import QRCode from "qrcode";

/** An SVG QR code for a URL: black on white, a one-module quiet zone, medium error correction. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}
