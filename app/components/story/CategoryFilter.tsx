import { Form } from "@remix-run/react";
import { CATEGORIES } from "~/models/categories";
import { useT } from "~/utils/i18n";

/**
 * A GET form choosing a story category (All Categories plus the nine categories). Works the same
 * with and without JavaScript: the choice lands in the address as `?category=`.
 */
export function CategoryFilter({
  id,
  action,
  selected,
  label,
}: {
  id: string;
  action: string;
  selected: string | null;
  label?: string;
}) {
  const t = useT("categories");
  return (
    <Form
      method="get"
      action={action}
      className="flex flex-wrap items-end gap-3"
      preventScrollReset
    >
      <div>
        <label htmlFor={id} className="label">
          {label ?? t("label")}
        </label>
        <select
          id={id}
          name="category"
          defaultValue={selected ?? ""}
          key={selected ?? ""}
          className="input w-auto pr-10"
        >
          <option value="">{t("all")}</option>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {t(c.value)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        {t("filter.show")}
      </button>
    </Form>
  );
}
