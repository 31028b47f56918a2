// The pages under the old /staff/bulletin address (a post, its deletion, a new post) move on to /staff/news.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newsAddressOf } from "./__bulletin.server";

export const loader = ({ request }: LoaderFunctionArgs) => newsAddressOf(request);
export const action = ({ request }: ActionFunctionArgs) => newsAddressOf(request);
