// "Who may see this story?": the resident's choice, on the story forms, the record
// wizard's preview and the audience page. Staff recording for a resident tick that they agreed.
// Plain radio buttons and a checkbox: the same with and without JavaScript.
import { ErrorList } from "~/components/forms";
import {
  agreedText,
  AUDIENCES,
  audienceHint,
  audienceText,
  type Audience,
} from "~/models/story-audience";
import { useT } from "~/utils/i18n";

export function AudienceChoice({
  idPrefix = "audience",
  communityName,
  defaultValue,
  onBehalf,
  residentFirstName,
  agreedDefault = false,
  errors,
  agreedErrors,
}: {
  idPrefix?: string;
  communityName: string;
  defaultValue: Audience;
  /** staff or an administrator choosing for the resident: they confirm the resident agreed */
  onBehalf?: boolean;
  residentFirstName?: string;
  agreedDefault?: boolean;
  errors?: string[] | null;
  agreedErrors?: string[] | null;
}) {
  const t = useT("story");
  const errorId = `${idPrefix}-error`;
  const agreedErrorId = `${idPrefix}-agreed-error`;
  return (
    <fieldset
      className="mb-4"
      aria-describedby={errors?.length ? errorId : undefined}
      data-testid="audience-choice"
    >
      <legend className="label">
        {onBehalf
          ? residentFirstName
            ? t("audience.whoMaySeeTheirs", { name: residentFirstName })
            : t("audience.whoMaySeeResidents")
          : t("audience.whoMaySee")}
      </legend>
      <p className="mb-2 text-base text-stone-700">
        {onBehalf ? t("audience.askResident") : t("audience.youChoose")} {t("audience.adminReads")}
      </p>
      <div className="space-y-2">
        {AUDIENCES.map((a) => (
          <div
            key={a}
            className="flex min-h-target items-start gap-3 rounded-lg border-2 border-stone-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              id={`${idPrefix}-${a}`}
              type="radio"
              name="audience"
              value={a}
              defaultChecked={a === defaultValue}
              className="mt-1 h-6 w-6 shrink-0"
              aria-describedby={`${idPrefix}-${a}-hint`}
            />
            <label htmlFor={`${idPrefix}-${a}`} className="flex-1 cursor-pointer">
              <span className="block text-lg font-semibold">
                {audienceText(t, a, communityName)}
              </span>
              <span id={`${idPrefix}-${a}-hint`} className="block text-base text-stone-700">
                {audienceHint(t, a)}
              </span>
            </label>
          </div>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
      {onBehalf ? (
        <div className="mt-3">
          <label
            htmlFor={`${idPrefix}-agreed`}
            className="flex min-h-target cursor-pointer items-center gap-3 text-lg font-semibold"
          >
            <input
              id={`${idPrefix}-agreed`}
              type="checkbox"
              name="residentAgreed"
              value="true"
              defaultChecked={agreedDefault}
              className="h-6 w-6 shrink-0"
              aria-describedby={agreedErrors?.length ? agreedErrorId : undefined}
              aria-invalid={agreedErrors?.length ? true : undefined}
            />
            {agreedText(t, residentFirstName)}
          </label>
          <ErrorList id={agreedErrorId} errors={agreedErrors} />
        </div>
      ) : null}
    </fieldset>
  );
}
