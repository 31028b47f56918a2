// What the book's page and PDF share: who may open it and which stories, in which order (?order=,
// ?story= chosen ones, ?large=1).
import type { BookOrder } from "~/models/life-book.server";
import { bookCandidates, bookStories, mayOpenBook } from "~/models/life-book.server";
import { getResident } from "~/models/resident.server";
import { requireTenantUser } from "~/utils/auth.server";

/** Who may open the book and what they asked for, without the stories (the PDF loads them in turn). */
export async function openBook(request: Request, residentId: string) {
  const ctx = await requireTenantUser(request);
  const resident = getResident(ctx.db, residentId);
  if (!resident) throw new Response("We could not find that resident.", { status: 404 });
  const rights = mayOpenBook(ctx.db, ctx.user, resident.id);
  if (!rights.open)
    throw new Response("The book is for the resident, their family and the care team.", {
      status: 403,
    });
  const sp = new URL(request.url).searchParams;
  const order: BookOrder = sp.get("order") === "category" ? "category" : "period";
  const chosen = sp.getAll("story").filter(Boolean).slice(0, 500);
  return { ...ctx, resident, rights, order, chosen, large: sp.get("large") === "1" };
}

export async function loadBook(request: Request, residentId: string) {
  const book = await openBook(request, residentId);
  return {
    ...book,
    candidates: bookCandidates(book.db, book.resident.id, book.order),
    stories: bookStories(book.db, book.resident.id, book.order, book.chosen),
  };
}
