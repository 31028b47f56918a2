import { Form } from "@remix-run/react";
import { CATEGORIES } from "~/models/categories";

/**
 * A GET form choosing a story category (All Categories plus the nine categories). Works the same
 * with and without JavaScript: the choice lands in the address as `?category=`.
 */
export function CategoryFilter({
  id,
  action,
  selected,
  label = "Category",
}: {
  id: string;
  action: string;
  selected: string | null;
  label?: string;
}) {
  return (
    <Form
      method="get"
      action={action}
      className="flex flex-wrap items-end gap-3"
      preventScrollReset
    >
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <select
          id={id}
          name="category"
          defaultValue={selected ?? ""}
          key={selected ?? ""}
          className="input w-auto pr-10"
        >
          <option value="">All Categories</option>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Show stories
      </button>
    </Form>
  );
}
