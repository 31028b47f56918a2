// The picture and music library, for administrators and staff: the list (thumbnails and players)
// with its filters, the upload form, and editing or deleting an item. Every form is a plain form
// that works without JavaScript.
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, SubmitButton } from "~/components/forms";
import { Badge, ConfirmDelete, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { mediaUrl, srcSetFor } from "~/models/media-urls";
import { useT, type T } from "~/utils/i18n";
import { useCareTeamArea } from "./areas";
import type {
  deleteLibraryLoader,
  editLibraryLoader,
  LibraryFormReply,
  LibraryFormValues,
  libraryLoader,
} from "./library.server";

const NS = "library";

const pathOf = (area: string) => `/${area}/library`;

function themeLabel(t: T, theme: string, categories: readonly string[]) {
  return categories.includes(theme) ? t(`categories:${theme}`) : theme;
}

function duration(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return { minutes: m, seconds: String(s).padStart(2, "0") };
}

export function LibraryScreen() {
  const area = useCareTeamArea();
  const { items, filter, decades, categories, limits } = useLoaderData<typeof libraryLoader>();
  const reply = useActionData<LibraryFormReply>();
  const t = useT(NS);
  const base = pathOf(area);
  const filtered = !!(filter.kind || filter.decade);
  return (
    <section aria-labelledby="library-title">
      <SectionHeader id="library-title" title={t("title")} />
      <p className="mb-2 text-base">{t("intro")}</p>
      <p
        className="mb-4 rounded-control border-2 border-amber-600 bg-amber-50 p-3 text-base"
        id="library-permission"
      >
        {t("permissionNote")}
      </p>
      <Outlet />

      <Form method="get" action={base} className="card mb-4" aria-labelledby="library-filter">
        <h3 id="library-filter" className="mb-2 text-xl font-bold">
          {t("filter.legend")}
        </h3>
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="library-kind" className="label">
              {t("filter.kind")}
            </label>
            <select
              id="library-kind"
              name="kind"
              className="input"
              defaultValue={filter.kind ?? ""}
            >
              <option value="">{t("filter.anyKind")}</option>
              <option value="photo">{t("kind.photos")}</option>
              <option value="audio">{t("kind.audios")}</option>
            </select>
          </div>
          <div>
            <label htmlFor="library-decade" className="label">
              {t("filter.decade")}
            </label>
            <select
              id="library-decade"
              name="decade"
              className="input"
              defaultValue={filter.decade ?? ""}
            >
              <option value="">{t("filter.anyDecade")}</option>
              {decades.map((d) => (
                <option key={d} value={d}>
                  {t(`decade.${d}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("filter.apply")}
          </button>
          {filtered ? (
            <Link to={base} className="btn-ghost">
              {t("filter.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="mb-2 text-base" aria-live="polite">
        {t("count", { count: items.length })}
      </p>
      {items.length === 0 ? (
        <EmptyState>{filtered ? t("emptyFiltered") : t("empty")}</EmptyState>
      ) : (
        <ul className="mb-6 grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="card" data-testid="library-item">
              <article aria-labelledby={`library-${item.id}`}>
                {item.kind === "photo" ? (
                  <img
                    src={mediaUrl(item.mediaId, 400)}
                    srcSet={srcSetFor(item.mediaId, item.widths)}
                    sizes="(min-width: 640px) 22rem, 90vw"
                    width={item.width ?? undefined}
                    height={item.height ?? undefined}
                    alt={item.title}
                    loading="lazy"
                    className="mb-3 h-48 w-full rounded-control bg-stone-100 object-contain"
                  />
                ) : (
                  // eslint-disable-next-line jsx-a11y/media-has-caption -- a song or sound clip of the library, music with no words on file; its title names it
                  <audio
                    controls
                    preload="none"
                    src={mediaUrl(item.mediaId)}
                    aria-label={t("item.play", { title: item.title })}
                    className="mb-3 w-full"
                  />
                )}
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h3 id={`library-${item.id}`} className="mr-2 text-xl font-bold">
                    {item.title}
                  </h3>
                  <Badge tone={item.kind === "photo" ? "purple" : "green"}>
                    {t(`kind.${item.kind}`)}
                  </Badge>
                </div>
                {item.kind === "audio" && item.durationSeconds != null ? (
                  <p className="text-base">{t("item.duration", duration(item.durationSeconds))}</p>
                ) : null}
                {item.decades.length ? (
                  <p className="text-base">
                    {t("item.decades", {
                      list: item.decades.map((d) => t(`decade.${d}`)).join(", "),
                    })}
                  </p>
                ) : null}
                {item.themes.length ? (
                  <p className="text-base">
                    {t("item.themes", {
                      list: item.themes.map((x) => themeLabel(t, x, categories)).join(", "),
                    })}
                  </p>
                ) : null}
                {item.source ? (
                  <p className="text-base text-stone-700">
                    {t("item.source", { source: item.source })}
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={`${base}/${item.id}`}
                    className="btn-secondary"
                    aria-label={t("item.editLabel", { title: item.title })}
                    preventScrollReset
                    {...dialogLinkProps}
                  >
                    {t("common:edit")}
                  </Link>
                  <Link
                    to={`${base}/${item.id}/delete`}
                    className="btn-ghost text-red-800"
                    aria-label={t("item.deleteLabel", { title: item.title })}
                    preventScrollReset
                    {...dialogLinkProps}
                  >
                    {t("common:delete")}
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="library-upload" className="card" id="library-upload-form">
        <h3 id="library-upload" className="mb-2 text-xl font-bold">
          {t("upload.title")}
        </h3>
        <p className="mb-4 text-base">{t("permissionNote")}</p>
        {/* a new key after each addition: the form starts empty again */}
        <Form
          key={items[0]?.id ?? "none"}
          method="post"
          action={base}
          encType="multipart/form-data"
          preventScrollReset
          aria-describedby="library-permission"
        >
          {reply ? <ErrorList id="library-upload-error" errors={[reply.error]} /> : null}
          <div className="mb-4">
            <label htmlFor="library-file" className="label">
              {t("upload.file")}
            </label>
            <p id="library-file-hint" className="mb-1 text-base text-stone-700">
              {t("upload.fileHint", limits)}
            </p>
            <input
              id="library-file"
              name="file"
              type="file"
              required
              accept="image/*,audio/*,.mp3,.m4a,.ogg,.oga,.webm,.wav"
              aria-describedby="library-file-hint"
              aria-invalid={reply?.field === "file" ? true : undefined}
              className="input"
            />
          </div>
          <LibraryFields
            idPrefix="library-new"
            values={reply?.values}
            invalid={reply?.field ?? null}
            decades={decades}
            categories={categories}
            titleMax={limits.titleMax}
          />
          <SubmitButton pendingText={t("upload.saving")}>{t("upload.submit")}</SubmitButton>
        </Form>
      </section>
    </section>
  );
}

/** Title, decades, themes (categories and typed words) and source: the upload and edit forms. */
function LibraryFields({
  idPrefix,
  values,
  invalid,
  decades,
  categories,
  titleMax,
}: {
  idPrefix: string;
  values?: LibraryFormValues;
  invalid: string | null;
  decades: readonly string[];
  categories: readonly string[];
  titleMax: number;
}) {
  const t = useT(NS);
  const id = (name: string) => `${idPrefix}-${name}`;
  const bad = (field: string) => (invalid === field ? true : undefined);
  return (
    <>
      <div className="mb-4">
        <label htmlFor={id("title")} className="label">
          {t("field.title")}
        </label>
        <p id={id("title-hint")} className="mb-1 text-base text-stone-700">
          {t("field.titleHint", { max: titleMax })}
        </p>
        <input
          id={id("title")}
          name="title"
          type="text"
          required
          maxLength={titleMax}
          defaultValue={values?.title ?? ""}
          aria-describedby={id("title-hint")}
          aria-invalid={bad("title")}
          autoComplete="off"
          className="input"
        />
      </div>
      <fieldset className="mb-4" aria-describedby={id("decades-hint")}>
        <legend className="label">{t("field.decades")}</legend>
        <p id={id("decades-hint")} className="mb-1 text-base text-stone-700">
          {t("field.decadesHint")}
        </p>
        <div className="flex flex-wrap gap-x-6">
          {decades.map((d) => (
            <div key={d} className="flex min-h-target items-center gap-2">
              <input
                id={id(`decade-${d}`)}
                type="checkbox"
                name="decades"
                value={d}
                defaultChecked={values?.decades.includes(d)}
                aria-invalid={bad("decades")}
                className="h-6 w-6"
              />
              <label htmlFor={id(`decade-${d}`)} className="text-base">
                {t(`decade.${d}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-4" aria-describedby={id("themes-hint")}>
        <legend className="label">{t("field.themes")}</legend>
        <p id={id("themes-hint")} className="mb-1 text-base text-stone-700">
          {t("field.themesHint")}
        </p>
        <div className="flex flex-wrap gap-x-6">
          {categories.map((c) => (
            <div key={c} className="flex min-h-target items-center gap-2">
              <input
                id={id(`theme-${c}`)}
                type="checkbox"
                name="themes"
                value={c}
                defaultChecked={values?.themes.includes(c)}
                className="h-6 w-6"
              />
              <label htmlFor={id(`theme-${c}`)} className="text-base">
                {t(`categories:${c}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="mb-4">
        <label htmlFor={id("other")} className="label">
          {t("field.otherThemes")}
        </label>
        <p id={id("other-hint")} className="mb-1 text-base text-stone-700">
          {t("field.otherThemesHint")}
        </p>
        <input
          id={id("other")}
          name="otherThemes"
          type="text"
          defaultValue={values?.otherThemes ?? ""}
          aria-describedby={id("other-hint")}
          aria-invalid={bad("themes")}
          autoComplete="off"
          className="input"
        />
      </div>
      <div className="mb-4">
        <label htmlFor={id("source")} className="label">
          {t("field.source")}
          <span className="font-normal text-stone-700"> {t("common:optional")}</span>
        </label>
        <p id={id("source-hint")} className="mb-1 text-base text-stone-700">
          {t("field.sourceHint")}
        </p>
        <textarea
          id={id("source")}
          name="source"
          rows={2}
          maxLength={300}
          defaultValue={values?.source ?? ""}
          aria-describedby={id("source-hint")}
          aria-invalid={bad("source")}
          className="input"
        />
      </div>
    </>
  );
}

export function EditLibraryDialog() {
  const area = useCareTeamArea();
  const { item, values, decades, categories, titleMax } = useLoaderData<typeof editLibraryLoader>();
  const reply = useActionData<LibraryFormReply>();
  const t = useT(NS);
  return (
    <RouteDialog
      id="edit-library-item"
      title={t("edit.title", { title: item.title })}
      closeTo={pathOf(area)}
    >
      <Form method="post" preventScrollReset key={item.id}>
        {reply ? <ErrorList id="library-edit-error" errors={[reply.error]} /> : null}
        <LibraryFields
          idPrefix={`library-edit-${item.id}`}
          values={reply?.values ?? values}
          invalid={reply?.field ?? null}
          decades={decades}
          categories={categories}
          titleMax={titleMax}
        />
        <SubmitButton pendingText={t("edit.saving")}>{t("edit.submit")}</SubmitButton>
      </Form>
    </RouteDialog>
  );
}

export function DeleteLibraryDialog() {
  const area = useCareTeamArea();
  const { item } = useLoaderData<typeof deleteLibraryLoader>();
  const t = useT(NS);
  return (
    <ConfirmDelete
      id="delete-library-item"
      title={t("delete.title")}
      closeTo={pathOf(area)}
      question={t("delete.question", { title: item.title })}
      confirmLabel={t("delete.confirm")}
    />
  );
}
