// Community news, for administrators and staff: one list, one form.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { ErrorList, Field, KeptNotice, SubmitButton, useKeptFields } from "~/components/forms";
import type { NewsPostSchema } from "~/models/admin-schemas.server";
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { deleteNewsLoader, editNewsLoader, newsLoader } from "./news.server";
import { Badge, ConfirmDelete, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";
import { useDateFormat } from "~/components/community-time";
import { useT } from "~/utils/i18n";

type NewsFormShape = z.input<typeof NewsPostSchema>;

export function NewsScreen() {
  const area = useCareTeamArea();
  const { posts } = useLoaderData<typeof newsLoader>();
  const cfg = AREAS[area];
  const t = useT("care-content");
  const df = useDateFormat();
  return (
    <section aria-labelledby="news-title">
      <SectionHeader
        id="news-title"
        title={t("news.title")}
        action={
          <Link
            to={`${cfg.news}/new`}
            className="btn-primary"
            preventScrollReset
            {...dialogLinkProps}
          >
            {t("news.create")}
          </Link>
        }
      />
      {area === "staff" ? <p className="mb-4 text-base">{t("news.staffNote")}</p> : null}
      <Outlet />
      {posts.length === 0 ? (
        <EmptyState>{t("news.empty")}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {posts.map((p) => (
            <li key={p.id} className="card" data-testid="news-post">
              <article aria-labelledby={`post-${p.id}`}>
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h3 id={`post-${p.id}`} className="mr-2 text-xl font-bold">
                    {p.title}
                  </h3>
                  {p.isPinned ? <Badge tone="purple">{t("news.pinned")}</Badge> : null}
                  {p.isPublished ? (
                    <Badge tone="green">{t("news.published")}</Badge>
                  ) : (
                    <Badge tone="gray">{t("news.draft")}</Badge>
                  )}
                </div>
                <p className="mb-2 text-base text-stone-700">{df.short(p.createdAt)}</p>
                <p className="mb-4 whitespace-pre-line text-base">{p.content}</p>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`${cfg.news}/${p.id}`}
                    className="btn-secondary"
                    aria-label={t("news.editLabel", { title: p.title })}
                    preventScrollReset
                    {...dialogLinkProps}
                  >
                    {t("common:edit")}
                  </Link>
                  <Link
                    to={`${cfg.news}/${p.id}/delete`}
                    className="btn-ghost text-red-800"
                    aria-label={t("news.deleteLabel", { title: p.title })}
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
    </section>
  );
}

function NewsFields({
  formId,
  lastResult,
  defaultValue,
  area,
  submitLabel,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string>;
  area: AreaName;
  submitLabel: string;
}) {
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields();
  const t = useT("care-content");
  const [form, fields] = useForm<NewsFormShape>({
    id: formId,
    lastResult,
    defaultValue: kept?.values ?? defaultValue,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <KeptNotice kept={kept} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("news.field.title")}
        htmlFor={fields.title.id}
        errors={fields.title.errors}
        errorId={fields.title.errorId}
      >
        <input
          {...getInputProps(fields.title, { type: "text" })}
          className="input"
          autoComplete="off"
        />
      </Field>
      <Field
        label={t("news.field.content")}
        htmlFor={fields.content.id}
        errors={fields.content.errors}
        errorId={fields.content.errorId}
      >
        <textarea {...getTextareaProps(fields.content)} rows={6} className="input" />
      </Field>
      {AREAS[area].chooseNewsPublished ? (
        <div className="mb-3 flex min-h-target items-center gap-3">
          <input {...getInputProps(fields.isPublished, { type: "checkbox" })} className="h-6 w-6" />
          <label htmlFor={fields.isPublished.id} className="text-base">
            {t("news.field.published")}
          </label>
        </div>
      ) : null}
      <div className="mb-4">
        <div className="flex min-h-target items-center gap-3">
          <input
            {...getInputProps(fields.isPinned, { type: "checkbox" })}
            aria-describedby={`${fields.isPinned.id}-hint`}
            className="h-6 w-6"
          />
          <label htmlFor={fields.isPinned.id} className="text-base">
            {t("news.field.pinned")}
          </label>
        </div>
        <p id={`${fields.isPinned.id}-hint`} className="ml-9 text-base text-stone-700">
          {t("news.field.pinnedHint")}
        </p>
      </div>
      <SubmitButton pendingText={t("saving")}>{submitLabel}</SubmitButton>
    </Form>
  );
}

export function NewNewsDialog() {
  const area = useCareTeamArea();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const staff = area === "staff";
  const t = useT("care-content");
  return (
    <RouteDialog id="new-post" title={t("news.newTitle")} closeTo={AREAS[area].news}>
      <NewsFields
        formId="new-post-form"
        lastResult={lastResult}
        area={area}
        defaultValue={staff ? {} : { isPublished: "on" }}
        submitLabel={staff ? t("news.publish") : t("news.save")}
      />
    </RouteDialog>
  );
}

export function EditNewsDialog() {
  const area = useCareTeamArea();
  const { post } = useLoaderData<typeof editNewsLoader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const t = useT("care-content");
  return (
    <RouteDialog
      id="edit-post"
      title={t("news.editTitle", { title: post.title })}
      closeTo={AREAS[area].news}
    >
      <NewsFields
        key={post.id}
        formId={`edit-post-${post.id}`}
        lastResult={lastResult}
        area={area}
        submitLabel={t("news.save")}
        defaultValue={{
          title: post.title,
          content: post.content,
          isPublished: post.isPublished ? "on" : "",
          isPinned: post.isPinned ? "on" : "",
        }}
      />
    </RouteDialog>
  );
}

export function DeleteNewsDialog() {
  const area = useCareTeamArea();
  const { post } = useLoaderData<typeof deleteNewsLoader>();
  const t = useT("care-content");
  return (
    <ConfirmDelete
      id="delete-post"
      title={t("news.deleteTitle")}
      closeTo={AREAS[area].news}
      question={t("news.deleteQuestion", { title: post.title })}
      confirmLabel={t("news.deleteConfirm")}
    />
  );
}
