import { Link } from "@remix-run/react";
import { SubmitButton, useFormTarget } from "~/components/forms";
import { useT } from "~/utils/i18n";

/** The confirmation of a delete: a page without JavaScript, a dialog with it; always a POST. */
export function DeleteStoryForm({
  storyId,
  title,
  lang,
}: {
  storyId: string;
  title: string;
  /** the language of the story's words */
  lang?: string | null;
}) {
  const t = useT("resident");
  const { Form } = useFormTarget(null);
  return (
    <Form method="post" action={`/resident/stories/${storyId}/delete`}>
      <p className="mb-2 text-lg">{t("delete.question")}</p>
      <p className="mb-4 text-base">
        {t("delete.story")} <strong lang={lang ?? undefined}>{title}</strong>
      </p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-danger" pendingText={t("delete.deleting")}>
          {t("delete.submit")}
        </SubmitButton>
        <Link to="/resident" className="btn-secondary">
          {t("common:cancel")}
        </Link>
      </div>
    </Form>
  );
}
