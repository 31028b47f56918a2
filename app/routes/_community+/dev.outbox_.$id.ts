// /dev/outbox/{id}: one message of the development outbox as raw RFC 822 text.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFoundUnlessDevLogin } from "~/models/dev-login.server";
import { readOutboxFile } from "~/models/dev-outbox.server";
import { apiFailureOf, requireTenantUser } from "~/utils/permissions.server";
import { getT } from "~/utils/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  notFoundUnlessDevLogin();
  const { community } = await requireTenantUser(request).catch(apiFailureOf(request));
  const raw = readOutboxFile(community, params.id ?? "");
  if (raw === null)
    return new Response((await getT(request, "errors"))("notFound"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(raw, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
