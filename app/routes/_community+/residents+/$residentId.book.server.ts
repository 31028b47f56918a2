// What the book's page and PDF share: who may open it and which stories, in which order and
// language (?order=, ?story= chosen ones, ?large=1, ?lang=: the resident's language by default).
import type { BookOrder } from "~/models/life-book.server";
import { bookCandidates, bookStories, mayOpenBook } from "~/models/life-book.server";
import { residentLanguage } from "~/models/recipient-language.server";
import { getResident } from "~/models/resident.server";
import { requireTenantUser } from "~/utils/auth.server";
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE } from "~/utils/i18n";
import { getT, isLanguage, requestLanguage } from "~/utils/i18n.server";

/**
 * The book's language unless one is chosen: the resident's. A reader of the pseudo-locale (English
 * with every letter accented) sees an English book in it, so every word shows where it came from.
 */
async function defaultBookLanguage(
  request: Request,
  community: Parameters<typeof residentLanguage>[0],
  resident: Parameters<typeof residentLanguage>[1],
): Promise<string> {
  const lang = residentLanguage(community, resident);
  const reader = await requestLanguage(request);
  return lang === DEFAULT_LANGUAGE && reader === PSEUDO_LANGUAGE ? reader : lang;
}

/** Who may open the book and what they asked for, without the stories (the PDF loads them in turn). */
export async function openBook(request: Request, residentId: string) {
  const ctx = await requireTenantUser(request);
  const t = await getT(request, "pdf");
  const resident = getResident(ctx.db, residentId);
  if (!resident) throw new Response(t("download.noResident"), { status: 404 });
  const rights = mayOpenBook(ctx.db, ctx.user, resident.id);
  if (!rights.open) throw new Response(t("download.bookRefused"), { status: 403 });
  const sp = new URL(request.url).searchParams;
  const order: BookOrder = sp.get("order") === "category" ? "category" : "period";
  const chosen = sp.getAll("story").filter(Boolean).slice(0, 500);
  const asked = sp.get("lang");
  // a language the catalogs do not have: the form says so, and the book stays in the default
  const langError = asked && !isLanguage(asked) ? t("download.badLanguage") : null;
  const lang =
    asked && isLanguage(asked)
      ? asked
      : await defaultBookLanguage(request, ctx.community, resident);
  return {
    ...ctx,
    resident,
    rights,
    order,
    chosen,
    large: sp.get("large") === "1",
    lang,
    langError,
  };
}

export async function loadBook(request: Request, residentId: string) {
  const book = await openBook(request, residentId);
  return {
    ...book,
    // the choices are the reader's: their sections in the reader's language
    candidates: bookCandidates(
      book.db,
      book.resident.id,
      book.order,
      await requestLanguage(request),
    ),
    stories: bookStories(book.db, book.resident.id, book.order, book.chosen, book.lang),
  };
}
