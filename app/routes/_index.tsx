import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { requireKnownHost } from "~/utils/host.server";
import { homePathFor } from "~/models/user.server";

// `/` is the marketing landing page on the marketing host and the community home elsewhere.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  if (ctx.kind === "marketing") return { kind: "marketing" as const, appName: env().APP_NAME };
  // the community home shows residents' stories, so it is for signed-in members only
  const user = await requireUser(request);
  return { kind: "tenant" as const, appName: env().APP_NAME, home: homePathFor(user.role), community: ctx.community.name };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "marketing") {
    return (
      <section className="card mx-auto max-w-3xl">
        <h1 className="page-title mb-3">{data.appName}</h1>
        <p className="mb-4 text-lg">Life stories for care communities. The full product site is coming in a later release.</p>
        <Link to="/super-admin" className="btn-primary">
          Admin Login
        </Link>
      </section>
    );
  }
  return (
    <section className="card mx-auto max-w-3xl">
      <h1 className="page-title mb-3">Welcome to {data.appName}</h1>
      <p className="mb-4 text-lg">
        {data.appName} helps {data.community} create, organize and celebrate life stories, connecting families and honouring legacies.
      </p>
      <Link to={data.home} className="btn-primary">
        Go to your page
      </Link>
    </section>
  );
}
