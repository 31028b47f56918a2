// The language a resident's recordings are transcribed in: every Whisper language when the
// installed model is multilingual, English only with an English-only (`.en`) model, said plainly.
import { Field } from "~/components/forms";
import type { ModelLanguages } from "~/utils/whisper.server";
import { languageName, WHISPER_LANGUAGES } from "~/utils/whisper-languages";
import { useLang, useT } from "~/utils/i18n";

export function TranscriptionLanguageField({
  id,
  name,
  current,
  languages,
  errors,
  errorId,
}: {
  id: string;
  name: string;
  current: string;
  languages: ModelLanguages;
  errors?: string[] | null;
  errorId?: string;
}) {
  const t = useT("care");
  const lang = useLang();
  // named in the reader's language, and in its alphabetical order
  const named = WHISPER_LANGUAGES.map((l) => ({ code: l.code, name: languageName(l.code, lang) }));
  const offered = languages.multilingual
    ? named.sort((a, b) =>
        a.code === "en" ? -1 : b.code === "en" ? 1 : a.name.localeCompare(b.name, lang),
      )
    : // a language chosen earlier (or through the API) stays chosen, though this model transcribes English
      named.filter((l) => l.code === "en" || l.code === current);
  const hint = !languages.installed
    ? t("transcription.notSetUp")
    : languages.multilingual
      ? t("transcription.multilingual")
      : t("transcription.englishOnly");
  return (
    <Field
      label={t("transcription.label")}
      htmlFor={id}
      hint={hint}
      errors={errors}
      errorId={errorId}
    >
      <select
        id={id}
        name={name}
        defaultValue={current}
        className="input"
        aria-describedby={`${id}-hint`}
        data-testid="transcription-language"
      >
        {offered.map((l) => (
          <option key={l.code} value={l.code}>
            {!languages.multilingual && l.code !== "en"
              ? t("transcription.asEnglish", { language: l.name })
              : l.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
