import { useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { CATEGORIES } from "~/models/categories";
import { useHydrated } from "~/components/hydration";
import { useT } from "~/utils/i18n";
import { WIZARD_PATH } from "./wizard";

/** Step 1: one of the nine categories. A GET form: the prompt step's URL carries the choice. */
export function CategoryStep({
  resident,
  selected,
  missing,
  path,
}: {
  resident: string | null;
  selected: string | null;
  missing: boolean;
  path?: string | null;
}) {
  const t = useT("record");
  const [chosen, setChosen] = useState<string | null>(selected);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const loading =
    navigation.state !== "idle" &&
    new URLSearchParams(navigation.location?.search).get("step") === "prompt";
  return (
    <Form method="get" action={path ?? WIZARD_PATH} aria-labelledby="category-title">
      {resident ? <input type="hidden" name="resident" value={resident} /> : null}
      <input type="hidden" name="step" value="prompt" />
      <fieldset aria-describedby={missing ? "category-error" : undefined}>
        <legend id="category-title" className="mb-2 text-2xl font-bold">
          {t("category.title")}
        </legend>
        <p className="mb-4 text-lg text-stone-800">{t("category.intro")}</p>
        {missing ? (
          <p id="category-error" className="field-error mb-3" role="alert">
            {t("save.category")}
          </p>
        ) : null}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-3">
          {CATEGORIES.map((c) => (
            <label
              key={c.value}
              className="flex min-h-[64px] cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 bg-white p-4 text-xl font-semibold hover:border-brand-700 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-blue-700"
            >
              <input
                type="radio"
                name="category"
                value={c.value}
                defaultChecked={selected === c.value}
                onChange={() => setChosen(c.value)}
                className="h-6 w-6 shrink-0 accent-brand-700"
              />
              <span aria-hidden="true" className="text-3xl">
                {c.icon}
              </span>
              <span className="min-w-0 break-words">{t(`category.${c.value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6">
        {/* without JavaScript nothing could enable it again, so only the browser disables it */}
        <button
          type="submit"
          className="btn-primary text-lg"
          disabled={(hydrated && !chosen) || loading}
        >
          {loading ? t("prompt.generating") : t("category.continue")}
        </button>
      </div>
    </Form>
  );
}
