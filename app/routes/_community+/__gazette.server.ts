// The gazette's printable page data for the care team's /admin|staff/residents/{id}/gazette (the
// route checks who may see which resident first). The page is in the reader's language; the PDF
// (gazettePdfDownload in models/gazette-pdf.server.ts) in the resident's.
import type { Community, TenantDb } from "~/utils/db.server";
import { gazetteFor, gazetteMonth } from "~/models/gazette.server";
import { paperFor } from "~/models/gazette-pdf.server";
import { getT, requestLanguage } from "~/utils/i18n.server";

/** What the printable page shows; `base` is the page's own path (the PDF is `${base}.pdf`). */
export async function gazettePageData(
  request: Request,
  db: TenantDb,
  community: Community,
  residentId: string,
  base: string,
) {
  const url = new URL(request.url);
  const lang = await requestLanguage(request);
  const month = gazetteMonth(url.searchParams.get("month"), community.timeZone, new Date(), lang);
  const gazette = gazetteFor(db, community, residentId, month, lang);
  if (!gazette)
    throw new Response((await getT(request, "pdf"))("download.noResident"), {
      status: 404,
      statusText: "Not Found",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return { gazette, base, paper: paperFor(url.searchParams.get("paper"), community.timeZone) };
}
