// /residents/{id}/book: the life-story book: the stories the resident's family may see,
// chosen and ordered by life period or category, with their pictures, as a print-ready page and as a
// PDF (book.pdf) whose QR codes play the recordings signed out. The resident and the care team may
// revoke the printed recording links. For the resident, their family and the care team.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { READING_PAGE } from "~/utils/page-scripts";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { revokeRecordingLinks } from "~/models/life-book.server";
import { mediaUrl } from "~/models/media-urls";
import { residentName } from "~/models/resident.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadBook } from "./$residentId.book.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

// a reading page: no script on a full page load, every form works without it (ADR 018)
export const handle = READING_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `The stories of ${data.name}` : "Life-story book") },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resident, rights, order, chosen, large, candidates, stories } = await loadBook(
    request,
    params.residentId ?? "",
  );
  const query = new URL(request.url).search;
  return {
    id: resident.id,
    name: residentName(resident),
    firstName: resident.firstName,
    portrait: resident.profileImageId ? mediaUrl(resident.profileImageId) : null,
    manage: rights.manage,
    order,
    large,
    chosen: chosen.length ? chosen : candidates.map((s) => s.id),
    candidates: candidates.map((s) => ({
      id: s.id,
      title: s.title,
      section: s.section,
      recorded: !!s.audioId,
    })),
    stories: stories.map((s) => ({
      ...s,
      imageUrl: s.imageId ? mediaUrl(s.imageId) : null,
      recorded: !!s.audioId,
    })),
    pdfHref: `/residents/${resident.id}/book.pdf${query}`,
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, resident, rights } = await loadBook(request, params.residentId ?? "");
  if (!rights.manage)
    throw new Response("Only the resident and the care team can revoke the recording links.", {
      status: 403,
    });
  const n = revokeRecordingLinks(db, resident.id);
  return redirectWithToast(`/residents/${resident.id}/book`, {
    type: "success",
    title: "Recording links revoked",
    description: `${n} printed ${n === 1 ? "code no longer plays" : "codes no longer play"}. A new PDF prints new ones.`,
  });
}

export default function LifeBookPage() {
  const d = useLoaderData<typeof loader>();
  const text = d.large ? "text-2xl leading-relaxed" : "text-lg leading-relaxed";
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <section className="card print:hidden" aria-labelledby="book-choices-title">
        <h1 id="book-choices-title" className="page-title mb-2">
          The stories of {d.name}
        </h1>
        <p className="mb-4 text-lg">
          Choose the stories and their order, then print this page or download the book as a PDF.
          Only stories {d.firstName}&apos;s family may see are here.
        </p>
        <Form method="get" className="space-y-4">
          <fieldset>
            <legend className="label">Order</legend>
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
                  By life period
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
                  By category
                </label>
              </div>
            </div>
          </fieldset>
          <fieldset>
            <legend className="label">Stories in the book</legend>
            {d.candidates.length === 0 ? (
              <p className="text-lg">No stories {d.firstName}&apos;s family may see yet.</p>
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
                    {s.title}{" "}
                    <span className="text-base text-stone-700">
                      ({s.section}
                      {s.recorded ? ", recorded" : ""})
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
              Large type (for {d.firstName}&apos;s own copy)
            </label>
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary">
              Show the book
            </button>
            <a href={d.pdfHref} className="btn-secondary">
              Download the PDF
            </a>
          </div>
        </Form>
        {d.manage ? (
          <Form method="post" className="mt-4 border-t border-stone-300 pt-4">
            <p className="mb-2 text-base">
              The QR codes in printed books play the recordings without signing in. Revoke them if a
              book is lost.
            </p>
            <SubmitButton className="btn-secondary" pendingText="Revoking...">
              Revoke the printed recording links
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <article aria-label={`The stories of ${d.name}`} className="space-y-10" data-testid="book">
        <header className="text-center">
          {d.portrait ? (
            <img
              src={d.portrait}
              alt={d.name}
              className="mx-auto mb-4 h-48 w-48 rounded-full object-cover"
            />
          ) : null}
          <p className="text-3xl font-bold">The stories of {d.name}</p>
        </header>
        <nav aria-label="Contents">
          <p className="mb-2 text-2xl font-bold">Contents</p>
          <ol className="list-decimal space-y-1 pl-8 text-lg">
            {d.stories.map((s) => (
              <li key={s.id}>
                <a
                  href={`#book-${s.id}`}
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
            <h2 id={`book-${s.id}-title`} className="text-3xl font-bold">
              {s.title}
            </h2>
            {s.imageUrl ? (
              <img
                src={s.imageUrl}
                alt={`Picture for the story "${s.title}"`}
                className="max-h-96 rounded-lg"
              />
            ) : null}
            {s.recorded ? (
              <p className="text-base print:hidden">
                <Link to={`/stories/${s.id}`} className="font-semibold text-brand-800 underline">
                  Listen to {d.firstName} tell it
                </Link>{" "}
                (the PDF prints a code to scan)
              </p>
            ) : null}
            <div className={`whitespace-pre-line ${text}`}>{s.content}</div>
          </section>
        ))}
      </article>
    </div>
  );
}
