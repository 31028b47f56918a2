// Toasts are flash messages in their own small cookie, rendered by the next page (works without JS).
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import * as z from "zod";
import { env } from "./env.server";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
  /** a form in the toast that takes the action back (a POST to `action` with `fields`) */
  undo: z
    .object({
      action: z.string().startsWith("/"),
      label: z.string().default("Undo"),
      fields: z.array(z.tuple([z.string(), z.string()])),
    })
    .optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

type ToastFlash = { toast: Toast };
let storage: ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, ToastFlash>
> | null = null;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: "storyloom_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env().isProduction,
      secrets: [env().SESSION_SECRET],
    },
  });
  return storage;
}

export async function toastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash("toast", ToastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await toastHeaders(toast)).getSetCookie())
    headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. The returned headers must go out with the response. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }),
  };
}
