// The pages under the old /staff/bulletin address (a post, its deletion, a new post) move on to /staff/news.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newsAddressOf } from "./__bulletin.server";
import type { RoutePolicy } from "~/utils/body-limit.server";

export const loader = ({ request }: LoaderFunctionArgs) => newsAddressOf(request);
// a news post sent to an old address is forwarded whole (308) to /staff/news
export const policy = { body: "long text" } satisfies RoutePolicy;
export const action = ({ request }: ActionFunctionArgs) => newsAddressOf(request);
