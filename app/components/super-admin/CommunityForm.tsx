import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import type * as z from "zod";
import type { CommunityFormSchema } from "~/models/super-admin-forms.server";
import { DEFAULT_LANGUAGE, useT } from "~/utils/i18n";

/**
 * The IANA time zone, typed into a field that offers the list as one types: a datalist, which
 * filters without JavaScript too. The server checks what was typed against the same list.
 */
export function TimeZoneInput({
  field,
  timeZones,
  listId,
  hintId,
}: {
  field: FieldMetadata<string | undefined>;
  timeZones: readonly string[];
  listId: string;
  hintId: string;
}) {
  return (
    <>
      <input
        {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
        list={listId}
        className="input"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <datalist id={listId}>
        {timeZones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </>
  );
}

type CommunityValues = z.input<typeof CommunityFormSchema>;

/**
 * Create Community: name and subdomain required; address, city, phone, email optional; its time
 * zone (New York's when left empty); the language its members read until they choose their own
 * (English unless another is chosen). With `editing`, the same fields of an existing community
 * but its address on the web, which never changes.
 */
export function CommunityForm({
  lastResult,
  appDomain,
  languages,
  timeZones,
  action,
  cancelTo,
  editing,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  appDomain: string;
  /** the languages Storyloom offers, each in its own name */
  languages: { code: string; name: string }[];
  /** the IANA time zones a community may keep */
  timeZones: readonly string[];
  action: string;
  cancelTo: string;
  /** the community being edited: its subdomain and its current values */
  editing?: { subdomain: string; values: Omit<CommunityValues, "subdomain"> };
}) {
  const t = useT("superAdmin");
  const ts = useT("settings");
  const [form, fields] = useForm<CommunityValues>({
    id: editing ? "edit-community" : "create-community",
    lastResult,
    defaultValue: editing ? editing.values : { defaultLanguage: DEFAULT_LANGUAGE },
  });
  const [subdomain, setSubdomain] = useState(String(fields.subdomain.initialValue ?? ""));
  const shown = subdomain.trim().toLowerCase() || t("form.subdomainPlaceholder");
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("form.name")}
        htmlFor={fields.name.id}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      >
        <input
          {...getInputProps(fields.name, { type: "text" })}
          className="input"
          autoComplete="organization"
        />
      </Field>
      {editing ? (
        <div className="mb-4">
          <p className="label">{ts("community.site")}</p>
          <p className="text-lg">
            {editing.subdomain}.{appDomain}
          </p>
          <p className="text-base text-stone-700">{ts("community.siteFixed")}</p>
        </div>
      ) : (
        <Field
          label={t("form.subdomain")}
          hint={t("form.subdomainHint", { site: `${shown}.${appDomain}` })}
          htmlFor={fields.subdomain.id}
          errors={fields.subdomain.errors}
          errorId={fields.subdomain.errorId}
        >
          <input
            {...getInputProps(fields.subdomain, {
              type: "text",
              ariaDescribedBy: `${fields.subdomain.id}-hint`,
            })}
            className="input"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setSubdomain(e.currentTarget.value)}
          />
        </Field>
      )}
      <Field
        label={t("form.address")}
        optional
        htmlFor={fields.address.id}
        errors={fields.address.errors}
        errorId={fields.address.errorId}
      >
        <input
          {...getInputProps(fields.address, { type: "text" })}
          className="input"
          autoComplete="street-address"
        />
      </Field>
      <Field
        label={t("form.city")}
        optional
        htmlFor={fields.city.id}
        errors={fields.city.errors}
        errorId={fields.city.errorId}
      >
        <input
          {...getInputProps(fields.city, { type: "text" })}
          className="input"
          autoComplete="address-level2"
        />
      </Field>
      <Field
        label={t("form.phone")}
        optional
        htmlFor={fields.phone.id}
        errors={fields.phone.errors}
        errorId={fields.phone.errorId}
      >
        <input
          {...getInputProps(fields.phone, { type: "tel" })}
          className="input"
          autoComplete="tel"
        />
      </Field>
      <Field
        label={t("form.email")}
        optional
        htmlFor={fields.email.id}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      >
        {/* type=text: the server's message, not the browser's bubble, explains a bad address */}
        <input
          {...getInputProps(fields.email, { type: "text" })}
          inputMode="email"
          className="input"
          autoComplete="email"
          autoCapitalize="none"
        />
      </Field>
      <Field
        label={ts("timeZone.label")}
        optional={!editing}
        hint={editing ? ts("community.timeZoneHint") : ts("community.timeZoneCreateHint")}
        htmlFor={fields.timeZone.id}
        errors={fields.timeZone.errors}
        errorId={fields.timeZone.errorId}
      >
        <TimeZoneInput
          field={fields.timeZone}
          timeZones={timeZones}
          listId={`${form.id}-time-zones`}
          hintId={`${fields.timeZone.id}-hint`}
        />
      </Field>
      <Field
        label={t("form.language")}
        hint={t("form.languageHint")}
        htmlFor={fields.defaultLanguage.id}
        errors={fields.defaultLanguage.errors}
        errorId={fields.defaultLanguage.errorId}
      >
        <select
          {...getSelectProps(fields.defaultLanguage, {
            ariaDescribedBy: `${fields.defaultLanguage.id}-hint`,
          })}
          className="input"
        >
          {languages.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-3">
        {editing ? (
          <SubmitButton pendingText={ts("saving")}>{ts("community.save")}</SubmitButton>
        ) : (
          <SubmitButton pendingText={t("form.creating")}>{t("communities.create")}</SubmitButton>
        )}
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          {t("common:cancel")}
        </Link>
      </div>
    </Form>
  );
}
