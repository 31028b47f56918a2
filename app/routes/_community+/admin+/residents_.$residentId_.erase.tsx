// /admin/residents/{id}/erase: an administrator erases a resident for good after typing
// their full name: stories, recordings, photos, comments, reactions, questions, About me, sign-in and
// family links, and the media files. The audit log records who and when, not what.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EraseConfirm } from "~/components/EraseConfirm";
import { confirmsName, eraseResident } from "~/models/erasure.server";
import { getResident, residentName } from "~/models/resident.server";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Erase a resident") },
];

async function load(request: Request, residentId: string) {
  const ctx = await requireArea(request, "admin");
  const resident = getResident(ctx.db, residentId);
  if (!resident) throw new Response("We could not find that resident.", { status: 404 });
  return { ...ctx, resident, name: residentName(resident) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resident, name } = await load(request, params.residentId ?? "");
  return { id: resident.id, name };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, community, user, resident, name } = await load(request, params.residentId ?? "");
  const typed = (await request.formData()).get("confirm");
  if (!confirmsName(typed, name)) {
    return data(
      {
        typed: typeof typed === "string" ? typed : "",
        error: `Type the resident's full name, ${name}, to erase everything of theirs`,
      },
      { status: 400 },
    );
  }
  eraseResident(db, community, resident.id, { id: user.id, client: clientOf(request) });
  return redirectWithToast("/admin/residents", {
    type: "success",
    title: "Erased",
    description: "Every story, recording, photo, comment and sign-in of the resident is gone.",
  });
}

export default function EraseResidentPage() {
  const { id, name } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <EraseConfirm
      title={`Erase ${name}`}
      mustType={name}
      typed={result?.typed}
      error={result?.error}
      cancelTo="/admin/residents"
      confirmLabel="Erase everything of theirs"
    >
      <p>
        Everything of {name} is deleted: their stories with the recordings and pictures, the
        comments and reactions on them, the photos and questions their family shared, their About me
        page, their sign-in, and their family members with their sign-ins. The files are removed
        from the server.
      </p>
      <p>
        To keep a copy first,{" "}
        <Link
          to={`/residents/${id}/export.zip`}
          className="font-semibold text-brand-800 underline"
          reloadDocument
        >
          download their stories
        </Link>
        .
      </p>
    </EraseConfirm>
  );
}
