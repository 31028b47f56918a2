// "Photos from my family": what her family shared with her.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireKioskResident } from "~/utils/permissions.server";
import { listPhotosForResident } from "~/models/family-photo.server";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { PhotoGrid } from "~/components/resident/FamilySharing";
import { frameOf } from "./__kiosk.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Photos from my family") },
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
  return (
    <KioskFrame frame={frame}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Photos from my family</h1>
        <Link to="/kiosk/me" className="btn-secondary">
          <span aria-hidden="true">←</span> Back
        </Link>
      </div>
      <PhotoGrid photos={photos} emptyText="Your family has not shared any photos yet." />
    </KioskFrame>
  );
}
