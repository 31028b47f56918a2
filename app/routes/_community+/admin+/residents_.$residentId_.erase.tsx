// /admin/residents/{id}/erase: an administrator erases a resident for good after typing
// their full name: stories, recordings, photos, comments, reactions, questions, About me, sign-in and
// family links, and the media files. The audit log records who and when, not what.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EraseConfirm } from "~/components/EraseConfirm";
import { richText } from "../__care-team/SignInSheet";
import { confirmsName, eraseResident } from "~/models/erasure.server";
import { getResident, residentName } from "~/models/resident.server";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "care")("erase.pageTitle")) },
];

async function load(request: Request, residentId: string) {
  const ctx = await requireArea(request, "admin");
  const resident = getResident(ctx.db, residentId);
  if (!resident)
    throw new Response((await getT(request, "care"))("erase.notFound"), { status: 404 });
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
  const t = await getT(request, "care");
  if (!confirmsName(typed, name)) {
    return data(
      {
        typed: typeof typed === "string" ? typed : "",
        error: t("erase.typeName", { name }),
      },
      { status: 400 },
    );
  }
  eraseResident(db, community, resident.id, { id: user.id, client: clientOf(request) });
  return redirectWithToast("/admin/residents", {
    type: "success",
    title: t("erase.erased"),
    description: t("erase.erasedDetail"),
  });
}

export default function EraseResidentPage() {
  const { id, name } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT("care");
  return (
    <EraseConfirm
      title={t("erase.title", { name })}
      mustType={name}
      typed={result?.typed}
      error={result?.error}
      cancelTo="/admin/residents"
      confirmLabel={t("erase.confirm")}
    >
      <p>{t("erase.what", { name })}</p>
      <p>
        {richText(
          t,
          "erase.copyFirst",
          {},
          {
            link: (
              <Link
                to={`/residents/${id}/export.zip`}
                className="font-semibold text-brand-800 underline"
                reloadDocument
              >
                {t("erase.downloadStories")}
              </Link>
            ),
          },
        )}
      </p>
    </EraseConfirm>
  );
}
