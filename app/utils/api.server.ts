// Helpers for the JSON resource routes: bodies are validated, errors are `status: short reason`.
import type { z } from "zod";
import { translateMessage } from "~/utils/i18n";
import { getT, translator } from "~/utils/i18n.server";

/**
 * 400 with a reason. A message still a catalog key (a schema's, msg()) reads in English here: a
 * route that knows its requester passes it translated (readJson does).
 */
export function badRequest(reason: string, fieldErrors?: Record<string, string[]>) {
  const message = translateMessage(translator("en", "validation"), reason);
  return new Response(fieldErrors ? JSON.stringify({ message, fieldErrors }) : message, {
    status: 400,
    headers: { "Content-Type": fieldErrors ? "application/json" : "text/plain; charset=utf-8" },
  });
}

export function methodNotAllowed(allowed: string[]) {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: allowed.join(", ") },
  });
}

type Guard<T> = (request: Request) => Promise<T>;

/** GET on a POST-only path: 405 for callers the guard lets through (401/403 for the rest, as for POST). */
export async function postOnlyLoader(request: Request, guard: Guard<unknown>) {
  await guard(request);
  return methodNotAllowed(["POST"]);
}

/** The guard's result for a POST; another method is answered 405 once the caller is known. */
export async function requirePost<T>(request: Request, guard: Guard<T>): Promise<T> {
  const allowed = await guard(request);
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  return allowed;
}

/** 429 for one person doing something too often: `{ message, retryAfterSeconds }` and Retry-After. */
export function tooManyRequests(message: string, retryAfterSeconds: number) {
  return new Response(JSON.stringify({ message, retryAfterSeconds }), {
    status: 429,
    headers: {
      "Content-Type": "application/json",
      "Retry-After": String(retryAfterSeconds),
      "Cache-Control": "no-store",
    },
  });
}

export function notFound(message = "Not found") {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Parses a JSON body against a schema, or throws a 400 that lists the fields in error, in the
 * requester's language (the schemas' messages are catalog keys).
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.infer<S>> {
  const t = await getT(request, "validation");
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) throw badRequest(t("jsonExpected"));
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    throw badRequest(t("jsonInvalid"));
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      (fieldErrors[key] ??= []).push(translateMessage(t, issue.message));
    }
    throw badRequest(t("someFieldsInvalid"), fieldErrors);
  }
  return result.data;
}
