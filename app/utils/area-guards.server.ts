// Guards for the resident and family areas: the signed-in member plus the record they stand for.
import { requireTenantUser, forbidden } from "./auth.server";
import { getResident, type ResidentRow } from "~/models/resident.server";
import { getFamilyProfile } from "~/models/family.server";

/** The signed-in resident and their resident record (403 for other roles or an unlinked account). */
export async function requireResidentMember(request: Request) {
  const ctx = await requireTenantUser(request, { roles: ["resident"] });
  const resident = ctx.user.residentId ? getResident(ctx.db, ctx.user.residentId) : undefined;
  if (!resident) throw forbidden("Your account is not linked to a resident of this community.");
  return { ...ctx, resident: resident as ResidentRow };
}

/** The signed-in family member, their family record and their resident. */
export async function requireFamilyMember(request: Request) {
  const ctx = await requireTenantUser(request, { roles: ["family"] });
  const profile = ctx.user.familyMemberId ? getFamilyProfile(ctx.db, ctx.user.familyMemberId) : null;
  if (!profile) throw forbidden("Your account is not linked to a family member of this community.");
  return { ...ctx, member: profile.member, resident: profile.resident };
}

/** For resource routes reached without /api in their path: signed out is 401, not a redirect. */
export function asApiFailure(thrown: unknown): never {
  if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
    throw new Response("Sign in required", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  throw thrown;
}
