// /residents/{id}/book.pdf: the life-story book as a PDF: cover, contents, one story per
// page, QR codes that play the recordings signed out. Same choices as the page (?order=, ?story=,
// ?large=1, ?paper=a4|letter).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { paperFor, photoForPrint } from "~/models/gazette-pdf.server";
import { recordingLinkToken } from "~/models/life-book.server";
import { renderLifeBookPdf } from "~/models/life-book-pdf.server";
import { residentName } from "~/models/resident.server";
import { env } from "~/utils/env.server";
import { communityOrigin } from "~/utils/host.server";
import { loadBook } from "./$residentId.book.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, community, user, resident, stories, large } = await loadBook(
    request,
    params.residentId ?? "",
  );
  const origin = communityOrigin(request, community.subdomain);
  const pdf = await renderLifeBookPdf({
    residentName: residentName(resident),
    firstName: resident.firstName,
    communityName: community.name,
    paper: paperFor(new URL(request.url).searchParams.get("paper"), community.timeZone),
    large,
    portrait: resident.profileImageId
      ? await photoForPrint(db, community, resident.profileImageId, 800)
      : null,
    stories,
    picture: (imageId) => photoForPrint(db, community, imageId, 1200),
    listenUrl: (story) => `${origin}/listen/${recordingLinkToken(db, story.id, user.id)}`,
    appName: env().APP_NAME,
  });
  const fileName = `The-stories-of-${resident.firstName}-${resident.lastName}.pdf`.replace(
    /[^\w.-]+/g,
    "-",
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
