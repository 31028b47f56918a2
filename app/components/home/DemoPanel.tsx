import { Fragment, type ReactNode } from "react";
import { useT, type T } from "~/utils/i18n";

export type DemoCommunity = { name: string; subdomain: string; url: string };

/** Development only: which community this is, and the other demo communities on this server. */
export function DemoPanel({
  current,
  others,
  devLoginUrl,
}: {
  current: { name: string; host: string };
  others: DemoCommunity[];
  devLoginUrl: string;
}) {
  const t = useT("home");
  return (
    <section
      aria-labelledby="demo-title"
      className="rounded-xl border-2 border-dashed border-amber-700 bg-amber-50 p-5"
    >
      <h2 id="demo-title" className="mb-2 text-xl font-bold">
        {t("demo.title")}
      </h2>
      <p className="text-base">
        {withElements(t, "demo.viewing", {
          name: <strong>{current.name}</strong>,
          host: <span className="break-all font-mono">{current.host}</span>,
        })}
      </p>
      {others.length ? (
        <>
          <p className="mt-2 text-base font-semibold">{t("demo.others")}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {others.map((c) => (
              <li key={c.subdomain}>
                <a href={c.url} className="btn-secondary">
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-3 text-base">
        {withElements(t, "demo.devLogin", {
          link: (
            <a href={devLoginUrl} className="font-semibold text-brand-800 underline">
              {t("demo.devLoginLink")}
            </a>
          ),
        })}
      </p>
    </section>
  );
}

const MARK = "\u0000";

/** A translated sentence with elements in it: each element stands in the message as a value of its name. */
function withElements(t: T, key: string, elements: Record<string, ReactNode>): ReactNode[] {
  const marked: Record<string, string> = {};
  for (const name of Object.keys(elements)) marked[name] = `${MARK}${name}${MARK}`;
  return t(key, marked)
    .split(MARK)
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? (elements[part] ?? part) : part}</Fragment>);
}
