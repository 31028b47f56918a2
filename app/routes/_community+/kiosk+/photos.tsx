// "Photos from my family": what her family shared with her.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listPhotosForResident } from "~/models/family-photo.server";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { PhotoGrid } from "~/components/resident/FamilySharing";
import { frameOf } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("photos.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireKioskResident(request);
  return {
    frame: frameOf(ctx.community, ctx.kiosk, ctx),
    photos: listPhotosForResident(ctx.db, ctx.resident.id),
  };
}

export default function KioskPhotos() {
  const { frame, photos } = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t("photos.title")}</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> {t("common:back")}
        </Link>
      </div>
      <PhotoGrid photos={photos} emptyText={t("photos.empty")} />
    </KioskFrame>
  );
}
