// /admin/families/merge: one person with two family accounts under the same email (made before
// one account could follow several residents). The administrator chooses the account to keep and
// merges the others into it: it then follows every resident of both, with her reactions,
// comments and notices; the others stop signing in.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { duplicateFamilyAccounts, mergeAccountsOfEmail } from "~/models/family-merge.server";
import { formatRecentDay } from "~/models/local-time";
import { clientOf } from "~/utils/host.server";
import { requireArea } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "follows")("merge.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const lang = await requestLanguage(request);
  const now = new Date();
  return {
    groups: duplicateFamilyAccounts(db, community.id).map((g) => ({
      email: g.email,
      // the one signed in to most recently is offered as the one to keep
      keep: [...g.accounts].sort((a, b) =>
        (b.lastLoginAt ?? "").localeCompare(a.lastLoginAt ?? ""),
      )[0]!.userId,
      accounts: g.accounts.map((a) => ({
        ...a,
        lastSeen: a.lastLoginAt
          ? formatRecentDay(a.lastLoginAt, community.timeZone, now, lang)
          : null,
      })),
    })),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const t = await getT(request, "follows");
  const form = await request.formData();
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const result = mergeAccountsOfEmail(db, community, email, String(form.get("keep") ?? ""), {
    id: user.id,
    client: clientOf(request),
  });
  // merged already (another tab, a second tap): the list as it is now
  if (!result.ok && result.reason === "nothing")
    return redirectWithToast("/admin/families/merge", { type: "info", title: t("merge.nothing") });
  if (!result.ok) return { email, error: t("merge.chooseOne") };
  return redirectWithToast("/admin/families/merge", {
    type: "success",
    stay: true,
    title: t("merge.done", { username: result.kept }),
    description: t("merge.doneDetail", {
      removed: result.removed.join(", "),
      username: result.kept,
    }),
  });
}

export default function MergeFamilyAccounts() {
  const { groups } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT("follows");
  return (
    <section aria-labelledby="merge-title" className="space-y-6">
      <p>
        <Link to="/admin/families" className="font-semibold text-brand-800 underline">
          {t("merge.back")}
        </Link>
      </p>
      <h1 id="merge-title" className="page-title">
        {t("merge.title")}
      </h1>
      <p className="max-w-prose text-lg">{t("merge.intro")}</p>
      {groups.length === 0 ? (
        <p className="card text-lg" data-testid="merge-none">
          {t("merge.none")}
        </p>
      ) : null}
      {groups.map((g) => (
        <Form
          key={g.email}
          method="post"
          className="card space-y-4"
          aria-labelledby={`merge-${g.email}`}
          data-testid="merge-group"
        >
          <input type="hidden" name="email" value={g.email} />
          <h2 id={`merge-${g.email}`} className="text-xl font-bold break-words">
            {g.email}
          </h2>
          {result && "error" in result && result.email === g.email.toLowerCase() ? (
            <p role="alert" className="font-semibold text-red-800">
              {result.error}
            </p>
          ) : null}
          <fieldset>
            <legend className="mb-2 text-lg font-semibold">{t("merge.keepWhich")}</legend>
            <ul className="space-y-3">
              {g.accounts.map((a) => (
                <li key={a.userId}>
                  <label className="flex min-h-target cursor-pointer items-start gap-3 rounded-lg border-2 border-stone-300 p-3 has-[:checked]:border-brand-800">
                    <input
                      type="radio"
                      name="keep"
                      value={a.userId}
                      defaultChecked={a.userId === g.keep}
                      className="mt-1 h-6 w-6 shrink-0"
                    />
                    <span>
                      <strong className="text-lg">{a.username}</strong> · {a.displayName}
                      <br />
                      {a.residents.length
                        ? t("merge.follows", { names: a.residents.join(", ") })
                        : t("merge.followsNobody")}
                      <br />
                      <span className="text-stone-700">
                        {a.joined
                          ? a.lastSeen
                            ? t("merge.lastSignIn", { day: a.lastSeen })
                            : t("merge.neverSignedIn")
                          : t("merge.notJoined")}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" className="btn-primary">
            {t("merge.submit", { count: g.accounts.length - 1 })}
          </button>
        </Form>
      ))}
    </section>
  );
}
