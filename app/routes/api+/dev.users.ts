import type { LoaderFunctionArgs } from "@remix-run/node";
import { listDevUsers, notFoundUnlessDevLogin } from "~/models/dev-login.server";
import { requireKnownHost } from "~/utils/host.server";

export async function loader({ request }: LoaderFunctionArgs) {
  notFoundUnlessDevLogin();
  requireKnownHost(request);
  return Response.json(listDevUsers());
}
