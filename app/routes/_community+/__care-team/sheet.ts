// One person's sign-in link on a printable sheet (residents' and family members' bulk links).
export type SheetEntry = {
  name: string;
  /** a room, or the resident a family member follows */
  detail: string | null;
  username: string;
  url: string;
  /** the last day the link works, as shown */
  expires: string;
  /** the link as a QR code (SVG markup made on the server by utils/qr.server.ts) */
  qrSvg: string;
};
