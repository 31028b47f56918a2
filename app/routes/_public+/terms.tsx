import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";
import { requireKnownHost } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";

// Public on the marketing host and on every community host (linked from both footers).
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Terms of Service") },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  return { appName: env().APP_NAME, facility: ctx.kind === "tenant" ? ctx.community.name : null };
}

export default function Terms() {
  const { appName, facility } = useLoaderData<typeof loader>();
  const community = facility ?? "your community";
  return (
    <article className="card mx-auto max-w-3xl space-y-5 text-lg" aria-labelledby="terms-title">
      <h1 id="terms-title" className="page-title">
        Terms of Service
      </h1>
      <p>
        These terms apply to everyone who uses {appName}
        {facility ? ` at ${facility}` : ""}. By signing in you agree to them.
      </p>
      <section className="space-y-2" aria-labelledby="t-accounts">
        <h2 id="t-accounts" className="text-2xl font-bold">
          Your account
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Accounts are created by {community}'s staff. Keep your password to yourself and sign out
            on shared computers.
          </li>
          <li>
            Use the site only for your own role: residents for their own stories, families for their
            own relative, staff for their work.
          </li>
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="t-content">
        <h2 id="t-content" className="text-2xl font-bold">
          Stories, photos and comments
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Residents own their stories. By sharing one, a resident allows {community} to show it to
            the members of the community.
          </li>
          <li>
            Please share only photos you took or may share, and respect the privacy of people who
            are named or shown.
          </li>
          <li>
            Be kind. Staff may decline to publish a story, or remove a comment, that could hurt or
            expose someone.
          </li>
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="t-service">
        <h2 id="t-service" className="text-2xl font-bold">
          The service
        </h2>
        <p>
          We work to keep {appName} available and your data safe, with regular backups. The service
          is provided as it is; we are not liable for indirect losses. Subscriptions for facilities
          come with a 30-day free trial and a 30-day money-back guarantee.
        </p>
      </section>
      <section className="space-y-2" aria-labelledby="t-changes">
        <h2 id="t-changes" className="text-2xl font-bold">
          Changes and ending
        </h2>
        <p>
          We will announce changes to these terms on this page. You can stop using the site at any
          time and ask {community} to delete your account and what you contributed.
        </p>
      </section>
      <p>
        <Link to="/privacy" className="link">
          Privacy Policy
        </Link>
      </p>
    </article>
  );
}
