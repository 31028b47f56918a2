// The small per-resident history of the prompts this browser has shown, kept in a signed cookie,
// so that the record wizard does not offer a resident the prompt they just saw.
import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

const HISTORY_PER_RESIDENT = 40;
const HISTORY_RESIDENTS = 8;

export type PromptHistory = Record<string, string[]>;

let cookie: ReturnType<typeof createCookie> | null = null;
function historyCookie() {
  cookie ??= createCookie("storyloom_prompts", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().isProduction,
    secrets: [env().SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 90,
  });
  return cookie;
}

export async function readPromptHistory(request: Request): Promise<PromptHistory> {
  try {
    const value = await historyCookie().parse(request.headers.get("Cookie"));
    if (!value || typeof value !== "object") return {};
    const out: PromptHistory = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (Array.isArray(v))
        out[k] = v.filter((x): x is string => typeof x === "string").slice(-HISTORY_PER_RESIDENT);
    }
    return out;
  } catch {
    return {};
  }
}

/** Adds a seen prompt to the resident's history (newest last). */
export function rememberPrompt(
  history: PromptHistory,
  residentId: string,
  key: string,
): PromptHistory {
  const list = (history[residentId] ?? []).filter((k) => k !== key);
  list.push(key);
  const next: PromptHistory = { ...history, [residentId]: list.slice(-HISTORY_PER_RESIDENT) };
  // a kiosk serves many residents: keep the most recently active few
  const keys = Object.keys(next);
  if (keys.length > HISTORY_RESIDENTS) {
    delete next[keys[0] === residentId ? keys[1]! : keys[0]!];
  }
  // re-insert so the active resident is the newest key
  const ordered: PromptHistory = {};
  for (const k of Object.keys(next).filter((k) => k !== residentId)) ordered[k] = next[k]!;
  ordered[residentId] = next[residentId]!;
  return ordered;
}

export function promptHistoryCookie(history: PromptHistory): Promise<string> {
  return historyCookie().serialize(history);
}
