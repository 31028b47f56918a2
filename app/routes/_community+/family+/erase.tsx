// /family/erase: a family member erases their own account after typing their name: their
// comments and reactions, the photos they shared, their questions, their family link and sign-in.
// The audit log records that it happened and when, not who or what.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EraseConfirm } from "~/components/EraseConfirm";
import { confirmsName, eraseFamilyMember } from "~/models/erasure.server";
import { clientOf } from "~/utils/host.server";
import { requireFamilyMember } from "~/utils/permissions.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "family")("erase.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { member, follows } = await requireFamilyMember(request);
  const lang = await requestLanguage(request);
  // everything she shared about every resident she follows goes
  const names = follows.map((f) => f.resident.firstName);
  return {
    name: member.name,
    residentFirstName: new Intl.ListFormat(lang, { type: "conjunction" }).format(names),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user, member } = await requireFamilyMember(request);
  const typed = (await request.formData()).get("confirm");
  if (!confirmsName(typed, member.name)) {
    return data(
      {
        typed: typeof typed === "string" ? typed : "",
        error: (await getT(request, "family"))("erase.typeName", { name: member.name }),
      },
      { status: 400 },
    );
  }
  eraseFamilyMember(db, community, { id: user.id }, clientOf(request));
  // the session went with the account
  return redirect("/login?erased=1");
}

export default function EraseOwnAccountPage() {
  const { name, residentFirstName } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT("family");
  return (
    <EraseConfirm
      title={t("erase.title")}
      mustType={name}
      typed={result?.typed}
      error={result?.error}
      cancelTo="/family"
      confirmLabel={t("erase.title")}
    >
      <p>{t("erase.what", { name: residentFirstName })}</p>
    </EraseConfirm>
  );
}
