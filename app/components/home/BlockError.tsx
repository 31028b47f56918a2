import { useT } from "~/utils/i18n";

/** A block of the home that could not be loaded; the rest of the page still works. */
export function BlockError({ message }: { message: string }) {
  const t = useT("home");
  return (
    <p
      role="alert"
      className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-lg font-semibold text-red-900"
    >
      {message}
      <span className="block text-base font-normal">{t("blockError.reload")}</span>
    </p>
  );
}
