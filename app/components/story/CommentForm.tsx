import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type * as z from "zod";
import { ErrorList, Field, KeptNotice, SubmitButton, useKeptFields } from "~/components/forms";
import { useRef, useState } from "react";
import { useHydrated } from "~/components/hydration";
import { COMMENT_MAX_LENGTH, commentTooLongMessage, REACTIONS } from "~/models/categories";
import type { CommentSchema } from "~/models/comment-form.server";
import { useT } from "~/utils/i18n";

type Props = {
  storyId: string;
  /** The action's answer (useActionData) when the form posts to the current route. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Where to post; the story page's action handles `intent=comment` (default). */
  action?: string;
  /** Where to go after a successful post (a path in this site); the story's comments by default. */
  redirectTo?: string;
};

/**
 * A comment with an optional reaction, for family members of the story's resident. Works without
 * JavaScript: the story page's action validates with the same schema and answers field errors.
 */
export function CommentForm({ storyId, lastResult, action, redirectTo }: Props) {
  const t = useT("story");
  const tc = useT("categories");
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields("comment");
  const [form, fields] = useForm<z.input<typeof CommentSchema>>({
    id: `comment-form-${storyId}`,
    lastResult: lastResult ?? undefined,
    defaultValue: kept?.values,
  });
  const chosen = typeof fields.emoji.initialValue === "string" ? fields.emoji.initialValue : "";
  // no maxLength on the box: a browser would cut pasted text without a word; the count says it
  const [length, setLength] = useState(
    typeof fields.content.initialValue === "string" ? fields.content.initialValue.length : 0,
  );
  const over = length > COMMENT_MAX_LENGTH;
  const countId = `${fields.content.id}-count`;
  const textarea = getTextareaProps(fields.content);
  const hydrated = useHydrated();
  const box = useRef<HTMLTextAreaElement>(null);
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      action={action ?? `/stories/${storyId}`}
      {...formProps}
      className="card"
      onSubmit={(e) => {
        // the message is already showing under the box: nothing is sent, nothing is lost
        if (over) {
          e.preventDefault();
          box.current?.focus();
          return;
        }
        formProps.onSubmit(e);
      }}
    >
      <input type="hidden" name="intent" value="comment" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <KeptNotice kept={kept} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("comment.label")}
        htmlFor={fields.content.id}
        errors={fields.content.errors}
        errorId={fields.content.errorId}
      >
        <textarea
          {...textarea}
          ref={box}
          aria-describedby={
            [textarea["aria-describedby"], hydrated ? countId : null].filter(Boolean).join(" ") ||
            undefined
          }
          aria-invalid={textarea["aria-invalid"] || over || undefined}
          onInput={(e) => setLength(e.currentTarget.value.length)}
          className="input"
          rows={4}
        />
        {hydrated ? (
          <p
            id={countId}
            className={over ? "field-error" : "mt-1 text-base text-stone-700"}
            aria-live="polite"
            data-testid="comment-length"
          >
            {over
              ? commentTooLongMessage(length, t)
              : t("comment.count", { length, max: COMMENT_MAX_LENGTH })}
          </p>
        ) : null}
      </Field>
      <fieldset className="mb-4">
        <legend className="label">
          {t("comment.addReaction")}{" "}
          <span className="font-normal text-stone-700">{t("common:optional")}</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          <ReactionRadio
            name={fields.emoji.name}
            formId={form.id}
            value=""
            label={t("comment.noReaction")}
            symbol={t("comment.none")}
            defaultChecked={chosen === ""}
          />
          {REACTIONS.map((r) => (
            <ReactionRadio
              key={r.emoji}
              name={fields.emoji.name}
              formId={form.id}
              value={r.emoji}
              label={tc(`reaction.${r.key}`)}
              symbol={r.emoji}
              defaultChecked={chosen === r.emoji}
            />
          ))}
        </div>
        <ErrorList id={fields.emoji.errorId} errors={fields.emoji.errors} />
      </fieldset>
      <SubmitButton pendingText={t("comment.posting")}>{t("comment.post")}</SubmitButton>
    </Form>
  );
}

function ReactionRadio(props: {
  name: string;
  formId: string;
  value: string;
  label: string;
  symbol: string;
  defaultChecked: boolean;
}) {
  const id = `${props.formId}-emoji-${props.value ? [...props.value].map((c) => c.codePointAt(0)!.toString(16)).join("-") : "none"}`;
  return (
    <span>
      <input
        type="radio"
        id={id}
        name={props.name}
        value={props.value}
        defaultChecked={props.defaultChecked}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex min-h-target min-w-target cursor-pointer items-center justify-center rounded-lg border-2 border-stone-400 bg-white px-2 text-2xl peer-checked:border-brand-700 peer-checked:bg-brand-100 peer-focus-visible:outline peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700"
      >
        {props.value ? (
          <span role="img" aria-label={props.label}>
            {props.symbol}
          </span>
        ) : (
          <span className="text-base font-semibold">{props.label}</span>
        )}
      </label>
    </span>
  );
}
