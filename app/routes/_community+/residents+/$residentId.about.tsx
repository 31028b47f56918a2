// /residents/{id}/about: "About me", one page for carers. The care team and the resident
// fill it in and choose whether family may read it or fill it in too. "Suggest from stories" lists
// lines from the resident's stories, each with the story it came from; a person edits and adds each
// one (nothing is written without them). Printed as one page at /residents/{id}/about.pdf.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keptOr, KeptNotice, SubmitButton, useKeptFields } from "~/components/forms";
import {
  ABOUT_KEYS,
  ABOUT_MAX,
  ABOUT_SECTIONS,
  aboutSectionHint,
  aboutSectionLabel,
  isAboutKey,
  type AboutSectionKey,
} from "~/models/about-me-sections";
import {
  aboutMeAccess,
  addAboutLine,
  getAboutMe,
  saveAboutMe,
  suggestFromStories,
} from "~/models/about-me.server";
import { getResident, residentName } from "~/models/resident.server";
import { requireTenantUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ROLE } from "~/utils/roles";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "about");
  return [{ title: pageTitle(matches, data ? t("titleOf", { name: data.name }) : t("title")) }];
};

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

async function load(request: Request, residentId: string) {
  const ctx = await requireTenantUser(request);
  const t = await getT(request, "about");
  const resident = getResident(ctx.db, residentId);
  if (!resident) throw text(404, t("error.notFound"));
  const access = aboutMeAccess(ctx.db, ctx.user, resident.id);
  if (!access.view) throw text(403, t("error.mayNotView"));
  return { ...ctx, resident, access };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, user, resident, access } = await load(request, params.residentId ?? "");
  const suggest = new URL(request.url).searchParams.get("suggest") === "1" && access.edit;
  return {
    id: resident.id,
    name: residentName(resident),
    firstName: resident.firstName,
    own: user.role === ROLE.resident,
    about: getAboutMe(db, resident.id),
    access,
    suggestions: suggest ? suggestFromStories(db, user, resident.id) : null,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, user, resident, access } = await load(request, params.residentId ?? "");
  const t = await getT(request, "about");
  if (!access.edit) throw text(403, t("error.mayNotEdit"));
  const form = await request.formData();
  const page = `/residents/${resident.id}/about`;
  if (form.get("intent") === "accept") {
    const section = form.get("section");
    const line = String(form.get("text") ?? "").trim();
    if (!isAboutKey(section) || !line)
      return data({ error: t("error.chooseSection") }, { status: 400 });
    if (line.length > ABOUT_MAX)
      return data({ error: t("error.tooLong", { max: ABOUT_MAX }) }, { status: 400 });
    addAboutLine(db, resident.id, section, line, user.id);
    return redirectWithToast(`${page}?suggest=1#suggestions`, {
      type: "success",
      title: t("added", { section: aboutSectionLabel(section, t) }),
    });
  }
  const fields: Partial<Record<AboutSectionKey, string>> = {};
  for (const k of ABOUT_KEYS) {
    const v = form.get(k);
    if (typeof v === "string") fields[k] = v;
  }
  const sharing = access.share
    ? {
        familyMayView: form.get("familyMayView") === "on",
        familyMayEdit: form.get("familyMayEdit") === "on",
      }
    : null;
  saveAboutMe(db, resident.id, fields, user.id, sharing);
  return redirectWithToast(page, { type: "success", title: t("saved") });
}

export default function AboutMePage() {
  const { id, name, firstName, own, about, access, suggestions } = useLoaderData<typeof loader>();
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields();
  const t = useT("about");
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 className="page-title">{own ? t("title") : t("titleOf", { name })}</h1>
        <p className="text-lg">{own ? t("introOwn") : t("introOf", { name: firstName })}</p>
        <div className="flex flex-wrap gap-3">
          <a href={`/residents/${id}/about.pdf`} className="btn-secondary">
            {t("printPdf")}
          </a>
          {access.edit ? (
            <Link to={`/residents/${id}/about?suggest=1#suggestions`} className="btn-secondary">
              {t("suggest")}
            </Link>
          ) : null}
        </div>
      </header>

      {access.edit ? (
        <Form method="post" className="card space-y-4" aria-label={t("formLabel")}>
          <KeptNotice kept={kept} />
          {ABOUT_SECTIONS.map((s) => (
            <div key={s.key}>
              <label htmlFor={`about-${s.key}`} className="label">
                {aboutSectionLabel(s.key, t)}
              </label>
              <p id={`about-${s.key}-hint`} className="mb-1 text-base text-stone-700">
                {aboutSectionHint(s.key, t)}
              </p>
              {s.key === "preferredName" ? (
                <input
                  id={`about-${s.key}`}
                  name={s.key}
                  defaultValue={keptOr(kept, s.key, about[s.key])}
                  maxLength={ABOUT_MAX}
                  className="input"
                  aria-describedby={`about-${s.key}-hint`}
                />
              ) : (
                <textarea
                  id={`about-${s.key}`}
                  name={s.key}
                  defaultValue={keptOr(kept, s.key, about[s.key])}
                  maxLength={ABOUT_MAX}
                  rows={3}
                  className="input"
                  aria-describedby={`about-${s.key}-hint`}
                />
              )}
            </div>
          ))}
          {access.share ? (
            <fieldset className="space-y-2">
              <legend className="label">
                {own ? t("familyOwn") : t("familyOf", { name: firstName })}
              </legend>
              <div className="flex min-h-target items-center gap-3">
                <input
                  id="family-may-view"
                  type="checkbox"
                  name="familyMayView"
                  defaultChecked={
                    kept ? keptOr(kept, "familyMayView", "") === "on" : about.familyMayView
                  }
                  className="h-6 w-6"
                />
                <label
                  htmlFor="family-may-view"
                  className="inline-flex min-h-target cursor-pointer items-center text-lg"
                >
                  {own ? t("mayReadOwn") : t("mayReadOf", { name: firstName })}
                </label>
              </div>
              <div className="flex min-h-target items-center gap-3">
                <input
                  id="family-may-edit"
                  type="checkbox"
                  name="familyMayEdit"
                  defaultChecked={
                    kept ? keptOr(kept, "familyMayEdit", "") === "on" : about.familyMayEdit
                  }
                  className="h-6 w-6"
                />
                <label
                  htmlFor="family-may-edit"
                  className="inline-flex min-h-target cursor-pointer items-center text-lg"
                >
                  {own ? t("mayEditOwn") : t("mayEditOf", { name: firstName })}
                </label>
              </div>
            </fieldset>
          ) : null}
          <SubmitButton pendingText={t("saving")}>{t("save")}</SubmitButton>
        </Form>
      ) : (
        <dl className="card space-y-3">
          {ABOUT_SECTIONS.map((s) => (
            <div key={s.key}>
              <dt className="text-lg font-bold">{aboutSectionLabel(s.key, t)}</dt>
              <dd className="whitespace-pre-line text-lg">{about[s.key] || "—"}</dd>
            </div>
          ))}
        </dl>
      )}

      {suggestions ? (
        <section id="suggestions" aria-labelledby="suggestions-title" className="space-y-4">
          <h2 id="suggestions-title" className="text-2xl font-bold">
            {own ? t("suggestions.titleOwn") : t("suggestions.titleOf", { name: firstName })}
          </h2>
          <p className="text-lg">{t("suggestions.intro")}</p>
          {suggestions.length === 0 ? (
            <p className="text-lg">{t("suggestions.none")}</p>
          ) : (
            <ul className="space-y-4">
              {suggestions.map((s, i) => (
                <li key={`${s.storyId}-${i}`} className="card" data-testid="about-suggestion">
                  <Form method="post">
                    <input type="hidden" name="intent" value="accept" />
                    <input type="hidden" name="section" value={s.section} />
                    <label htmlFor={`suggestion-${i}`} className="label">
                      {t("suggestions.for", { section: aboutSectionLabel(s.section, t) })}
                    </label>
                    <textarea
                      id={`suggestion-${i}`}
                      name="text"
                      defaultValue={s.text}
                      rows={2}
                      maxLength={ABOUT_MAX}
                      className="input mb-2"
                    />
                    <p className="mb-2 text-base">
                      {t("suggestions.fromStory")}{" "}
                      <Link
                        to={`/stories/${s.storyId}`}
                        className="font-semibold text-brand-800 underline"
                      >
                        {s.storyTitle}
                      </Link>
                    </p>
                    <SubmitButton className="btn-primary">
                      {t("suggestions.add", { section: aboutSectionLabel(s.section, t) })}
                      <span className="sr-only">: {s.text}</span>
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
