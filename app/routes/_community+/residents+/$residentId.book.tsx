// /residents/{id}/book: the life-story book: the stories the resident's family may see,
// chosen and ordered by life period or category, with their pictures, as a print-ready page and as a
// PDF (book.pdf) whose QR codes play the recordings signed out. The resident and the care team may
// revoke the printed recording links. For the resident, their family and the care team. The page
// is in the reader's language; the book itself (here and in the PDF) in the language chosen for it,
// the resident's by default.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ErrorList, SubmitButton } from "~/components/forms";
import { revokeRecordingLinks } from "~/models/life-book.server";
import { mediaUrl } from "~/models/media-urls";
import { residentName } from "~/models/resident.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadBook } from "./$residentId.book.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, languageOptions, requestLanguage, translator } from "~/utils/i18n.server";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, "book");
  return [
    { title: pageTitle(matches, data ? t("title", { name: data.name }) : t("titleFallback")) },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resident, rights, order, chosen, large, lang, langError, candidates, stories } =
    await loadBook(request, params.residentId ?? "");
  const name = residentName(resident);
  // the book's own words, in the book's language
  const tb = translator(lang, "pdf");
  const query = new URLSearchParams(new URL(request.url).search);
  // the PDF is printed in the language the book is shown in (a language unknown: the default)
  query.set("lang", lang);
  return {
    id: resident.id,
    name,
    firstName: resident.firstName,
    portrait: resident.profileImageId ? mediaUrl(resident.profileImageId) : null,
    manage: rights.manage,
    order,
    large,
    lang,
    langError,
    pageLang: await requestLanguage(request),
    languages: languageOptions(),
    book: { title: tb("book.title", { name }), contents: tb("book.contents") },
    chosen: chosen.length ? chosen : candidates.map((s) => s.id),
    candidates: candidates.map((s) => ({
      id: s.id,
      title: s.title,
      lang: s.lang,
      section: s.section,
      recorded: !!s.audioId,
    })),
    stories: stories.map((s) => ({
      ...s,
      imageUrl: s.imageId ? mediaUrl(s.imageId) : null,
      imageAlt: tb("book.pictureAlt", { title: s.title }),
      recorded: !!s.audioId,
    })),
    pdfHref: `/residents/${resident.id}/book.pdf?${query}`,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, resident, rights } = await loadBook(request, params.residentId ?? "");
  const t = await getT(request, "book");
  if (!rights.manage) throw new Response(t("revoke.refused"), { status: 403 });
  const n = revokeRecordingLinks(db, resident.id);
  return redirectWithToast(`/residents/${resident.id}/book`, {
    type: "success",
    title: t("revoke.done"),
    description: t("revoke.doneDetail", { count: n }),
  });
}

export default function LifeBookPage() {
  const d = useLoaderData<typeof loader>();
  const t = useT("book");
  const text = d.large ? "text-2xl leading-relaxed" : "text-lg leading-relaxed";
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <section className="card print:hidden" aria-labelledby="book-choices-title">
        <h1 id="book-choices-title" className="page-title mb-2">
          {t("title", { name: d.name })}
        </h1>
        <p className="mb-4 text-lg">{t("intro", { name: d.firstName })}</p>
        <Form method="get" className="space-y-4">
          <fieldset>
            <legend className="label">{t("order")}</legend>
            <div className="flex flex-wrap gap-4">
              <div className="flex min-h-target items-center gap-2">
                <input
                  id="order-period"
                  type="radio"
                  name="order"
                  value="period"
                  defaultChecked={d.order === "period"}
                  className="h-6 w-6"
                />
                <label
                  htmlFor="order-period"
                  className="inline-flex min-h-target cursor-pointer items-center text-lg"
                >
                  {t("order.period")}
                </label>
              </div>
              <div className="flex min-h-target items-center gap-2">
                <input
                  id="order-category"
                  type="radio"
                  name="order"
                  value="category"
                  defaultChecked={d.order === "category"}
                  className="h-6 w-6"
                />
                <label
                  htmlFor="order-category"
                  className="inline-flex min-h-target cursor-pointer items-center text-lg"
                >
                  {t("order.category")}
                </label>
              </div>
            </div>
          </fieldset>
          <fieldset>
            <legend className="label">{t("stories")}</legend>
            {d.candidates.length === 0 ? (
              <p className="text-lg">{t("empty", { name: d.firstName })}</p>
            ) : null}
            <ul className="space-y-1">
              {d.candidates.map((s) => (
                <li key={s.id} className="flex min-h-target items-center gap-2">
                  <input
                    id={`story-${s.id}`}
                    type="checkbox"
                    name="story"
                    value={s.id}
                    defaultChecked={d.chosen.includes(s.id)}
                    className="h-6 w-6 shrink-0"
                  />
                  <label
                    htmlFor={`story-${s.id}`}
                    className="inline-flex min-h-target cursor-pointer items-center text-lg"
                  >
                    <span lang={s.lang ?? undefined}>{s.title}</span>{" "}
                    <span className="text-base text-stone-700">
                      {t(s.recorded ? "sectionRecorded" : "section", { section: s.section })}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="flex min-h-target items-center gap-2">
            <input
              id="large"
              type="checkbox"
              name="large"
              value="1"
              defaultChecked={d.large}
              className="h-6 w-6"
            />
            <label
              htmlFor="large"
              className="inline-flex min-h-target cursor-pointer items-center text-lg"
            >
              {t("large", { name: d.firstName })}
            </label>
          </div>
          <div>
            <label htmlFor="book-lang" className="label">
              {t("language")}
            </label>
            <select
              id="book-lang"
              name="lang"
              defaultValue={d.lang}
              className="input"
              aria-invalid={d.langError ? true : undefined}
              aria-describedby={d.langError ? "book-lang-error" : undefined}
            >
              {d.languages.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
            <ErrorList id="book-lang-error" errors={d.langError ? [d.langError] : null} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary">
              {t("show")}
            </button>
            <a href={d.pdfHref} className="btn-secondary">
              {t("download")}
            </a>
          </div>
        </Form>
        {d.manage ? (
          <Form method="post" className="mt-4 border-t border-stone-300 pt-4">
            <p className="mb-2 text-base">{t("revoke.intro")}</p>
            <SubmitButton className="btn-secondary" pendingText={t("revoke.pending")}>
              {t("revoke.button")}
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <article lang={d.lang} aria-label={d.book.title} className="space-y-10" data-testid="book">
        <header className="text-center">
          {d.portrait ? (
            <img
              src={d.portrait}
              alt={d.name}
              className="mx-auto mb-4 h-48 w-48 rounded-full object-cover"
            />
          ) : null}
          <p className="text-3xl font-bold">{d.book.title}</p>
        </header>
        <nav aria-label={d.book.contents}>
          <p className="mb-2 text-2xl font-bold">{d.book.contents}</p>
          <ol className="list-decimal space-y-1 pl-8 text-lg">
            {d.stories.map((s) => (
              <li key={s.id}>
                <a
                  href={`#book-${s.id}`}
                  lang={s.lang ?? undefined}
                  className="inline-flex min-h-target items-center underline print:min-h-0"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {d.stories.map((s) => (
          <section
            key={s.id}
            id={`book-${s.id}`}
            aria-labelledby={`book-${s.id}-title`}
            className="break-before-page space-y-3"
          >
            <p className="text-base text-stone-700">{s.section}</p>
            <h2 id={`book-${s.id}-title`} lang={s.lang ?? undefined} className="text-3xl font-bold">
              {s.title}
            </h2>
            {s.imageUrl ? (
              <img src={s.imageUrl} alt={s.imageAlt} className="max-h-96 rounded-lg" />
            ) : null}
            {s.recorded ? (
              <p className="text-base print:hidden" lang={d.pageLang}>
                <Link to={`/stories/${s.id}`} className="font-semibold text-brand-800 underline">
                  {t("listen", { name: d.firstName })}
                </Link>{" "}
                {t("listenNote")}
              </p>
            ) : null}
            <div lang={s.lang ?? undefined} className={`whitespace-pre-line ${text}`}>
              {s.content}
            </div>
          </section>
        ))}
      </article>
    </div>
  );
}
