// The HTTPS front's question before it gets a certificate on demand (deploy/Caddyfile, `ask`):
// may this host name have one? Public on purpose (the proxy has no session); it says yes or no,
// which anyone learns by opening the address, and nothing else.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { tlsAskResponse } from "~/models/tls-ask.server";

export function loader({ request }: LoaderFunctionArgs) {
  return tlsAskResponse(request);
}
