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
  return (
    <section
      aria-labelledby="demo-title"
      className="rounded-xl border-2 border-dashed border-amber-700 bg-amber-50 p-5"
    >
      <h2 id="demo-title" className="mb-2 text-xl font-bold">
        Multi-tenant demo
      </h2>
      <p className="text-base">
        You are viewing <strong>{current.name}</strong> at{" "}
        <span className="break-all font-mono">{current.host}</span>. Each community has its own site
        and its own database.
      </p>
      {others.length ? (
        <>
          <p className="mt-2 text-base font-semibold">Other communities on this server:</p>
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
        <a href={devLoginUrl} className="font-semibold text-brand-800 underline">
          Development login
        </a>{" "}
        signs you in as anyone. It is switched off in production.
      </p>
    </section>
  );
}
