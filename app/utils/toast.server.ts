// Toasts are flash messages in their own small cookie, rendered by the next page (works without JS).
import { redirect } from "@remix-run/node";
import * as z from "zod";
import { flashCookie } from "./flash-cookie.server";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
  /** stays until dismissed (words a person must not miss, like a new username) */
  stay: z.boolean().optional(),
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

const toastFlash = flashCookie<Toast>("storyloom_toast", "toast");

export async function toastHeaders(toast: Toast): Promise<Headers> {
  return toastFlash.headers(ToastSchema.parse(toast));
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
  const { value, headers } = await toastFlash.take(request);
  const parsed = ToastSchema.safeParse(value);
  if (!parsed.success) return { toast: null, headers: null };
  return { toast: parsed.data, headers };
}
