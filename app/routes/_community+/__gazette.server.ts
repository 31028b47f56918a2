// The gazette's loader data and PDF response, shared by /family/gazette and the care team's
// /admin|staff/residents/{id}/gazette (each route checks who may see which resident first).
import type { Community, TenantDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { gazetteFileName, gazetteFor, gazetteMonth } from "~/models/gazette.server";
import { paperFor, photoForPrint, renderGazettePdf } from "~/models/gazette-pdf.server";
import { queuedDownload } from "~/utils/download-queue.server";

function notFound(): Response {
  return new Response("We could not find that resident.", {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** What the printable page shows; `base` is the page's own path (the PDF is `${base}.pdf`). */
export function gazettePageData(
  request: Request,
  db: TenantDb,
  community: Community,
  residentId: string,
  base: string,
) {
  const url = new URL(request.url);
  const month = gazetteMonth(url.searchParams.get("month"), community.timeZone);
  const gazette = gazetteFor(db, community, residentId, month);
  if (!gazette) throw notFound();
  return { gazette, base, paper: paperFor(url.searchParams.get("paper"), community.timeZone) };
}

/** The PDF, made in turn with the other PDFs and zips (503 when many are); `back` is the gazette's page. */
export async function gazettePdfResponse(
  request: Request,
  db: TenantDb,
  community: Community,
  residentId: string,
  back: string,
): Promise<Response> {
  const url = new URL(request.url);
  const month = gazetteMonth(url.searchParams.get("month"), community.timeZone);
  const gazette = gazetteFor(db, community, residentId, month);
  if (!gazette) throw notFound();
  return queuedDownload(
    request,
    {
      contentType: "application/pdf",
      fileName: gazetteFileName(gazette),
      disposition: "inline",
      busy: { what: "gazettes", back: { href: back, label: "Back to the gazette" } },
    },
    (out, signal) =>
      renderGazettePdf(
        gazette,
        {
          paper: paperFor(url.searchParams.get("paper"), community.timeZone),
          photo: (imageId, box) => photoForPrint(db, community, imageId, box),
          appName: env().APP_NAME,
        },
        out,
        signal,
      ),
  );
}
