import type { LoaderFunctionArgs } from "@remix-run/node";
import { NewsScreen } from "~/components/admin/News";
import { newsLoader } from "~/components/admin/news.server";

export const loader = (args: LoaderFunctionArgs) => newsLoader(args, "admin");

export default function Route() {
  return <NewsScreen area="admin" />;
}
