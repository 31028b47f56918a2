// /residents/{id}/about.pdf: the About me page on exactly one sheet (?paper=a4|letter), for whoever
// may read the page (the care team, the resident, family when the resident allows). Made in turn
// with the other PDFs and zips (503 when many are). In the reader's language.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { aboutMeAccess, getAboutMe } from "~/models/about-me.server";
import { ABOUT_PHOTO_POINTS, renderAboutMePdf } from "~/models/about-me-pdf.server";
import { paperFor, pdfFileName, photoForPrint, printBox } from "~/models/gazette-pdf.server";
import { getResident, residentName } from "~/models/resident.server";
import { requireTenantUser } from "~/utils/auth.server";
import { queuedDownload } from "~/utils/download-queue.server";
import { env } from "~/utils/env.server";
import { requestLanguage, translator } from "~/utils/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, db, community } = await requireTenantUser(request);
  const lang = await requestLanguage(request);
  const t = translator(lang, "pdf");
  const resident = getResident(db, params.residentId ?? "");
  if (!resident) throw new Response(t("download.noResident"), { status: 404 });
  if (!aboutMeAccess(db, user, resident.id).view)
    throw new Response(t("download.aboutRefused"), { status: 403 });
  const fileName = pdfFileName(
    t("about.fileName", { name: `${resident.firstName}-${resident.lastName}` }),
  );
  return queuedDownload(
    request,
    {
      contentType: "application/pdf",
      fileName,
      disposition: "inline",
      busy: {
        what: "printouts",
        back: {
          href: `/residents/${encodeURIComponent(resident.id)}/about`,
          label: t("download.backToAbout", { name: resident.firstName }),
        },
      },
    },
    async (out) =>
      renderAboutMePdf(
        getAboutMe(db, resident.id),
        {
          residentName: residentName(resident),
          roomNumber: resident.roomNumber,
          communityName: community.name,
          paper: paperFor(new URL(request.url).searchParams.get("paper"), community.timeZone),
          photo: resident.profileImageId
            ? await photoForPrint(
                db,
                community,
                resident.profileImageId,
                printBox(ABOUT_PHOTO_POINTS, ABOUT_PHOTO_POINTS),
              )
            : null,
          appName: env().APP_NAME,
          lang,
        },
        out,
      ),
  );
}
