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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `About ${data.name}` : "About me") },
];

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

async function load(request: Request, residentId: string) {
  const ctx = await requireTenantUser(request);
  const resident = getResident(ctx.db, residentId);
  if (!resident) throw text(404, "We could not find that resident.");
  const access = aboutMeAccess(ctx.db, ctx.user, resident.id);
  if (!access.view)
    throw text(
      403,
      "This About me page is for the care team, the resident, and family when the resident allows.",
    );
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
  if (!access.edit)
    throw text(
      403,
      "Only the care team, the resident, and family the resident allows can fill in this page.",
    );
  const form = await request.formData();
  const page = `/residents/${resident.id}/about`;
  if (form.get("intent") === "accept") {
    const section = form.get("section");
    const line = String(form.get("text") ?? "").trim();
    if (!isAboutKey(section) || !line)
      return data({ error: "Choose a section and keep some words to add" }, { status: 400 });
    if (line.length > ABOUT_MAX)
      return data({ error: `A line can be at most ${ABOUT_MAX} characters` }, { status: 400 });
    addAboutLine(db, resident.id, section, line, user.id);
    return redirectWithToast(`${page}?suggest=1#suggestions`, {
      type: "success",
      title: `Added to “${aboutSectionLabel(section)}”`,
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
  return redirectWithToast(page, { type: "success", title: "About me saved" });
}

export default function AboutMePage() {
  const { id, name, firstName, own, about, access, suggestions } = useLoaderData<typeof loader>();
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields();
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 className="page-title">{own ? "About me" : `About ${name}`}</h1>
        <p className="text-lg">
          One page for the people who care for {own ? "you" : firstName}: what matters, what
          worries, what calms, and how best to talk together.
        </p>
        <div className="flex flex-wrap gap-3">
          <a href={`/residents/${id}/about.pdf`} className="btn-secondary">
            Print one page (PDF)
          </a>
          {access.edit ? (
            <Link to={`/residents/${id}/about?suggest=1#suggestions`} className="btn-secondary">
              Suggest from stories
            </Link>
          ) : null}
        </div>
      </header>

      {access.edit ? (
        <Form method="post" className="card space-y-4" aria-label="About me">
          <KeptNotice kept={kept} />
          {ABOUT_SECTIONS.map((s) => (
            <div key={s.key}>
              <label htmlFor={`about-${s.key}`} className="label">
                {s.label}
              </label>
              <p id={`about-${s.key}-hint`} className="mb-1 text-base text-stone-700">
                {s.hint}
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
              <legend className="label">{own ? "My family" : `${firstName}'s family`}</legend>
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
                  {own
                    ? "My family may read this page"
                    : `${firstName}'s family may read this page (${firstName}'s choice)`}
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
                  {own
                    ? "My family may fill it in"
                    : `${firstName}'s family may fill it in (${firstName}'s choice)`}
                </label>
              </div>
            </fieldset>
          ) : null}
          <SubmitButton pendingText="Saving...">Save About me</SubmitButton>
        </Form>
      ) : (
        <dl className="card space-y-3">
          {ABOUT_SECTIONS.map((s) => (
            <div key={s.key}>
              <dt className="text-lg font-bold">{s.label}</dt>
              <dd className="whitespace-pre-line text-lg">{about[s.key] || "—"}</dd>
            </div>
          ))}
        </dl>
      )}

      {suggestions ? (
        <section id="suggestions" aria-labelledby="suggestions-title" className="space-y-4">
          <h2 id="suggestions-title" className="text-2xl font-bold">
            Suggestions from {own ? "your" : `${firstName}'s`} stories
          </h2>
          <p className="text-lg">
            Each line comes from a story. Change the words if you like, then add it; nothing is
            added unless you do.
          </p>
          {suggestions.length === 0 ? (
            <p className="text-lg">
              No suggestions: the stories say nothing new for these sections.
            </p>
          ) : (
            <ul className="space-y-4">
              {suggestions.map((s, i) => (
                <li key={`${s.storyId}-${i}`} className="card" data-testid="about-suggestion">
                  <Form method="post">
                    <input type="hidden" name="intent" value="accept" />
                    <input type="hidden" name="section" value={s.section} />
                    <label htmlFor={`suggestion-${i}`} className="label">
                      For “{aboutSectionLabel(s.section)}”
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
                      From the story{" "}
                      <Link
                        to={`/stories/${s.storyId}`}
                        className="font-semibold text-brand-800 underline"
                      >
                        {s.storyTitle}
                      </Link>
                    </p>
                    <SubmitButton className="btn-primary">
                      Add to “{aboutSectionLabel(s.section)}”
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
