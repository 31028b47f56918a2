// Duplicating an event: the first day of the copy, asked in one plain form.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";
import type { duplicateAction, duplicateLoader } from "./calendar-duplicate.server";

export function DuplicateEventScreen() {
  const area = useCareTeamArea();
  const { event, suggested } = useLoaderData<typeof duplicateLoader>();
  const data = useActionData<typeof duplicateAction>();
  const t = useT("programs");
  return (
    <section aria-labelledby="duplicate-title" className="max-w-xl">
      <p className="mb-2">
        <Link to={AREAS[area].calendar} className="link">
          {t("change.back")}
        </Link>
      </p>
      <h2 id="duplicate-title" className="mb-4 text-3xl font-bold">
        {t("duplicate.title", { title: event.title })}
      </h2>
      <Form method="post" noValidate className="card">
        <label htmlFor="duplicate-date" className="label">
          {t("duplicate.date")}
        </label>
        {data?.error ? (
          <p id="duplicate-date-error" className="mb-1 font-semibold text-red-800">
            {data.error}
          </p>
        ) : null}
        <input
          id="duplicate-date"
          name="eventDate"
          type="date"
          defaultValue={data?.eventDate ?? suggested}
          aria-invalid={data?.error ? true : undefined}
          aria-describedby={data?.error ? "duplicate-date-error" : undefined}
          className="input mb-4 max-w-[16rem]"
        />
        <SubmitButton>{t("duplicate.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
