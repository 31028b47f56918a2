export function WelcomeBanner({
  appName,
  facilityName,
}: {
  appName: string;
  facilityName: string;
}) {
  return (
    <section
      aria-labelledby="welcome-title"
      className="card grid items-center gap-6 overflow-hidden p-0 md:grid-cols-2"
    >
      <div className="p-6 md:p-8">
        <h1 id="welcome-title" className="page-title mb-3">
          Welcome to {appName}
        </h1>
        <p className="text-lg">
          {appName} helps {facilityName} create, organize and celebrate life stories, connecting
          families and honouring legacies.
        </p>
        <p className="mt-3 text-lg text-stone-700">
          Every story here was told by a resident and shared with the people who love them.
        </p>
      </div>
      <img
        src="/images/welcome.webp"
        srcSet="/images/welcome-600.webp 600w, /images/welcome.webp 1200w"
        sizes="(min-width: 768px) 560px, 100vw"
        width={1200}
        height={675}
        alt="Illustration: an older woman and her granddaughter look through a photo album on a garden bench in the sun"
        className="h-full w-full object-cover"
      />
    </section>
  );
}
