// The reading mode a resident or kiosk chooses: larger text and/or high contrast, kept in a cookie.
import { createCookie } from "@remix-run/node";

export type DisplayPrefs = { large: boolean; contrast: boolean };

const displayCookie = createCookie("storyloom_display", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readDisplayPrefs(request: Request): Promise<DisplayPrefs> {
  const value = await displayCookie.parse(request.headers.get("Cookie"));
  return { large: Boolean(value?.large), contrast: Boolean(value?.contrast) };
}

export async function displayPrefsCookie(prefs: DisplayPrefs): Promise<string> {
  return displayCookie.serialize({ large: prefs.large, contrast: prefs.contrast });
}
