import { categoryIcon, categoryName } from "~/models/categories";
import { useT } from "~/utils/i18n";

export function CategoryBadge({ category }: { category: string }) {
  const t = useT("categories");
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-0.5 text-base font-semibold text-amber-950">
      <span aria-hidden="true">{categoryIcon(category)}</span>
      {categoryName(t, category)}
    </span>
  );
}
