// The calendar in one's own calendar program: a secret address, shown once when it is made.
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useT } from "~/utils/i18n";
import { AREAS, useCareTeamArea } from "./areas";
import type { subscribeAction, subscribeLoader } from "./calendar-subscribe.server";

export function CalendarSubscribeScreen() {
  const area = useCareTeamArea();
  const { madeOn } = useLoaderData<typeof subscribeLoader>();
  const made = useActionData<typeof subscribeAction>();
  const t = useT("programs");
  return (
    <section aria-labelledby="subscribe-title" className="max-w-2xl">
      <p className="mb-2">
        <Link to={AREAS[area].calendar} className="link">
          {t("change.back")}
        </Link>
      </p>
      <h2 id="subscribe-title" className="mb-4 text-3xl font-bold">
        {t("subscribe.title")}
      </h2>
      <div className="card space-y-4 text-lg">
        <p>{t("subscribe.intro")}</p>
        {made ? (
          <div className="space-y-3" role="status">
            <label htmlFor="feed-url" className="label">
              {t("subscribe.address")}
            </label>
            <input
              id="feed-url"
              readOnly
              value={made.url}
              className="input w-full font-mono text-base"
              data-testid="feed-url"
            />
            <p>{t("subscribe.howTo")}</p>
            <p>
              <a href={made.webcal} className="btn-secondary">
                {t("subscribe.open")}
              </a>
            </p>
            <p className="text-base">{t("subscribe.secret")}</p>
          </div>
        ) : madeOn ? (
          <p>{t("subscribe.has", { date: madeOn })}</p>
        ) : null}
        <Form method="post">
          <SubmitButton className="btn-primary">
            {madeOn || made ? t("subscribe.makeNew") : t("subscribe.make")}
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
