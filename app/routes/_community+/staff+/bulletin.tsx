// /staff/bulletin is the old address of /staff/news (renamed News everywhere). It keeps
// answering: pages move on to /staff/news (bulletin_.$.tsx does the same for the pages under it).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newsAddressOf } from "./__bulletin.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export const loader = ({ request }: LoaderFunctionArgs) => newsAddressOf(request);
export const policy = { body: "form" } satisfies RoutePolicy;
export const action = ({ request }: ActionFunctionArgs) => newsAddressOf(request);
