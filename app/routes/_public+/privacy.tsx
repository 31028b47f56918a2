import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";
import { requireKnownHost } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";

// Public on the marketing host and on every community host (linked from both footers).
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Privacy Policy") },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  const c = ctx.kind === "tenant" ? ctx.community : null;
  return {
    appName: env().APP_NAME,
    facility: c ? { name: c.name, email: c.email, phone: c.phone } : null,
  };
}

export default function Privacy() {
  const { appName, facility } = useLoaderData<typeof loader>();
  const operator = facility?.name ?? `the community that invited you to ${appName}`;
  return (
    <article className="card mx-auto max-w-3xl space-y-5 text-lg" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="page-title">
        Privacy Policy
      </h1>
      <p>
        {appName} keeps the life stories of people living in care communities. This page explains
        what we store, who can see it and the choices you have. It applies to this site
        {facility ? `, which is run for ${facility.name}` : ""}.
      </p>
      <section className="space-y-2" aria-labelledby="p-what">
        <h2 id="p-what" className="text-2xl font-bold">
          What we store
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Accounts: a username, name, email address, role and a scrambled (hashed) password. We
            never store passwords in readable form.
          </li>
          <li>
            Residents' details entered by staff: name, room, and optionally date of birth, admission
            date and a photo.
          </li>
          <li>
            Stories: their text, category, the prompt used, an optional picture and, for spoken
            stories, the recording.
          </li>
          <li>
            Family contributions: comments, reactions, shared photos and questions, and which
            stories a family member opened on which day.
          </li>
          <li>
            Security records: when you signed in, from which address, and a log of administrator
            actions such as signing in as another user.
          </li>
          <li>
            On our public site only: the name, email, facility, phone and message you send through
            the contact form.
          </li>
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="p-who">
        <h2 id="p-who" className="text-2xl font-bold">
          Who can see it
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Everything of one community is kept in that community's own database and is shown only
            to its signed-in members.
          </li>
          <li>
            A new story is seen only by its resident and the care team until an administrator
            approves it.
          </li>
          <li>
            Approved stories can be read by residents, staff and family members of the same
            community.
          </li>
          <li>
            Comments and reactions on a story come only from the family of the resident who told it.
          </li>
          <li>
            Nothing is sold, shared with advertisers or sent to outside services. Spoken stories are
            transcribed on this server.
          </li>
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="p-cookies">
        <h2 id="p-cookies" className="text-2xl font-bold">
          Cookies
        </h2>
        <p>
          We use two small cookies and no trackers: one keeps you signed in, the other carries a
          short message (such as “Your comment was added”) to the next page. Signing out ends your
          session on the server.
        </p>
      </section>
      <section className="space-y-2" aria-labelledby="p-photos">
        <h2 id="p-photos" className="text-2xl font-bold">
          Photos
        </h2>
        <p>
          Uploaded pictures are re-encoded and all hidden information in them, including the
          location where a photo was taken, is removed.
        </p>
      </section>
      <section className="space-y-2" aria-labelledby="p-choices">
        <h2 id="p-choices" className="text-2xl font-bold">
          Your choices
        </h2>
        <p>
          You can ask {operator} to show, correct or delete what is stored about you or your
          relative. Residents can delete their own stories, and family members their own comments,
          at any time.
        </p>
        {facility && (facility.email || facility.phone) ? (
          <p>
            Contact {facility.name}
            {facility.email ? (
              <>
                {" "}
                at{" "}
                <a className="text-brand-800 underline" href={`mailto:${facility.email}`}>
                  {facility.email}
                </a>
              </>
            ) : null}
            {facility.phone ? <> or by phone on {facility.phone}</> : null}.
          </p>
        ) : null}
      </section>
      <p>
        <Link to="/terms" className="link">
          Terms of Service
        </Link>
      </p>
    </article>
  );
}
