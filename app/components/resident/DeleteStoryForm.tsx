import { Link } from "@remix-run/react";
import { SubmitButton, useFormTarget } from "~/components/forms";

export const DELETE_STORY_QUESTION =
  "Are you sure you want to delete this story? This action cannot be undone.";

/** The confirmation of a delete: a page without JavaScript, a dialog with it; always a POST. */
export function DeleteStoryForm({ storyId, title }: { storyId: string; title: string }) {
  const { Form } = useFormTarget(null);
  return (
    <Form method="post" action={`/resident/stories/${storyId}/delete`}>
      <p className="mb-2 text-lg">{DELETE_STORY_QUESTION}</p>
      <p className="mb-4 text-base">
        Story: <strong>{title}</strong>
      </p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-danger" pendingText="Deleting...">
          Delete story
        </SubmitButton>
        <Link to="/resident" className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
