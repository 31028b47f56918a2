/** An honest page for a screen that a later release fills in. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="card mx-auto max-w-3xl">
      <h1 className="page-title mb-3">{title}</h1>
      <p className="text-lg">This part of Storyloom is coming in a later release.</p>
      {children}
    </section>
  );
}
