// The language a resident's recordings are transcribed in: every Whisper language when the
// installed model is multilingual, English only with an English-only (`.en`) model, said plainly.
import { Field } from "~/components/forms";
import type { ModelLanguages } from "~/utils/whisper.server";
import { WHISPER_LANGUAGES } from "~/utils/whisper-languages";

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
  const offered = languages.multilingual
    ? [...WHISPER_LANGUAGES].sort((a, b) =>
        a.code === "en" ? -1 : b.code === "en" ? 1 : a.name.localeCompare(b.name),
      )
    : // a language chosen earlier (or through the API) stays chosen, though this model transcribes English
      WHISPER_LANGUAGES.filter((l) => l.code === "en" || l.code === current);
  const hint = !languages.installed
    ? "Transcription is not set up on this server yet: recordings are kept and the words are typed. English is used once it is."
    : languages.multilingual
      ? "Recordings are turned into text in this language."
      : "The speech model installed here understands English only, so recordings are transcribed in English.";
  return (
    <Field
      label="Language of their recordings"
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
            {l.name}
            {!languages.multilingual && l.code !== "en" ? ` (transcribed as English here)` : ""}
          </option>
        ))}
      </select>
    </Field>
  );
}
