// /residents/{id}/book.pdf: the life-story book as a PDF: cover, contents, one story per
// page, QR codes that play the recordings signed out. Same choices as the page (?order=, ?story=,
// ?large=1, ?lang=, ?paper=a4|letter); a language the catalogs do not have is refused (400). Made in
// turn with the other PDFs and zips (503 when many are).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paperFor, pdfFileName, photoForPrint } from "~/models/gazette-pdf.server";
import { bookStories, recordingLinkToken } from "~/models/life-book.server";
import { renderLifeBookPdf } from "~/models/life-book-pdf.server";
import { residentName } from "~/models/resident.server";
import { queuedDownload } from "~/utils/download-queue.server";
import { env } from "~/utils/env.server";
import { communityOrigin } from "~/utils/host.server";
import { getT, translator } from "~/utils/i18n.server";
import { openBook } from "./$residentId.book.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community, user, resident, order, chosen, large, lang, langError } = await openBook(
    request,
    params.residentId ?? "",
  );
  if (langError)
    throw new Response(langError, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const t = await getT(request, "pdf");
  const origin = communityOrigin(request, community.subdomain);
  const fileName = pdfFileName(
    translator(lang, "pdf")("book.fileName", {
      name: `${resident.firstName}-${resident.lastName}`,
    }),
  );
  return queuedDownload(
    request,
    {
      contentType: "application/pdf",
      fileName,
      disposition: "inline",
      busy: {
        what: "books",
        back: {
          href: `/residents/${encodeURIComponent(resident.id)}/book`,
          label: t("download.backToBook", { name: resident.firstName }),
        },
      },
    },
    (out, signal) =>
      renderLifeBookPdf(
        {
          residentName: residentName(resident),
          firstName: resident.firstName,
          communityName: community.name,
          paper: paperFor(new URL(request.url).searchParams.get("paper"), community.timeZone),
          large,
          portraitId: resident.profileImageId,
          // read once the book's turn comes
          stories: bookStories(db, resident.id, order, chosen, lang),
          picture: (imageId, box) => photoForPrint(db, community, imageId, box),
          listenUrl: (story) => `${origin}/listen/${recordingLinkToken(db, story.id, user.id)}`,
          appName: env().APP_NAME,
          lang,
        },
        out,
        signal,
      ),
  );
}
