// The marketing landing page's loader and action (the contact form), for `/` on the marketing host.
// routes/_index.tsx chooses between this page and the community home by host.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { ContactSchema } from "~/models/contact-form.server";
import { createLead } from "~/models/lead.server";
import { env } from "~/utils/env.server";
import { getT } from "~/utils/i18n.server";
import { clientAddress, hitRateLimit } from "~/utils/rate-limit.server";

const CONTACTS_PER_HOUR = 5;

/** Counts one contact request from this address; a 429 in the visitor's language past the limit. */
async function enforceContactLimit(request: Request, key: string) {
  const result = hitRateLimit(key, CONTACTS_PER_HOUR, 60 * 60_000);
  if (result.ok) return;
  const t = await getT(request, "marketing");
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new Response(t("contact.tooMany", { minutes }), {
    status: 429,
    headers: {
      "Retry-After": String(result.retryAfterSeconds),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

export function landingLoader(request: Request) {
  return {
    kind: "marketing" as const,
    // the landing page brings its own navigation (root reads this)
    ownHeader: true as const,
    appName: env().APP_NAME,
    year: new Date().getFullYear(),
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

export async function landingAction(request: Request) {
  const formData = await request.formData();
  const key = `contact:${clientAddress(request)}`;
  // a filled honeypot is a bot: it is thanked like anyone else, and nothing is stored
  if (String(formData.get("website") ?? "").trim()) {
    await enforceContactLimit(request, key);
    return redirect("/?sent=1#contact");
  }
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") return submission.reply();
  await enforceContactLimit(request, key);
  createLead({ ...submission.value, ip: clientAddress(request) });
  return redirect("/?sent=1#contact");
}
