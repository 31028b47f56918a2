// The super admin's forms: one zod schema each, used by the screens' actions (conform) and by the
// JSON API; checked on the server only (ADR 010). Subdomain rules and uniqueness are checked on the server (community.server.ts).
// Each schema is made twice from one set of rules: for the screens its messages are catalog keys
// (`msg`, shown in the reader's language), for the JSON API and other callers they are English.
import * as z from "zod";
import type { SubmissionResult } from "@conform-to/react";
import { DEFAULT_LANGUAGE, msg, translateMessage, type T, type TranslationValues } from "~/utils/i18n";
import { isLanguage, translator } from "~/utils/i18n.server";
import { COMMUNITY_NAME_MAX, isTimeZone } from "./community.server";
import { COMMUNITY_STAFF_ROLES } from "~/utils/roles";

/** How a schema gives a message: as a catalog key, or as English words (read when it fails). */
export type Say = (key: string, values?: TranslationValues) => { error: string | (() => string) };
export const asKey: Say = (key, values) => ({ error: msg(key, values) });
export const inEnglish: Say = (key, values) => ({ error: () => translator(DEFAULT_LANGUAGE, "superAdmin")(key, values) });

/** A screen's reply with its messages (catalog keys) said in the reader's language. */
export function translateReply(reply: SubmissionResult<string[]>, t: T): SubmissionResult<string[]> {
  if (!reply.error) return reply;
  return { ...reply, error: Object.fromEntries(Object.entries(reply.error).map(([field, errors]) => [field, errors?.map((e) => translateMessage(t, e)) ?? null])) };
}

const tooLong = (say: Say, max: number) => say("validation:tooLong", { max });

/** A community's details, time zone and language: the fields Create Community and its edit share. */
function detailsShape(say: Say) {
  const optionalText = (max: number) => z.string().trim().max(max, tooLong(say, max)).optional();
  return {
    name: z.string(say("superAdmin:form.nameRequired")).trim().min(1, say("superAdmin:form.nameRequired")).max(COMMUNITY_NAME_MAX, tooLong(say, COMMUNITY_NAME_MAX)),
    address: optionalText(200),
    city: optionalText(100),
    phone: optionalText(40),
    email: z.string().trim().max(200, tooLong(say, 200)).pipe(z.email(say("superAdmin:form.emailInvalid"))).optional(),
  };
}

/** A time zone of the IANA list, spelled as the list spells it ("America/Denver"). */
function timeZoneField(say: Say) {
  return z
    .string(say("settings:timeZone.required"))
    .trim()
    .min(1, say("settings:timeZone.required"))
    .superRefine((zone, ctx) => {
      if (!isTimeZone(zone)) {
        const { error } = say("settings:timeZone.unknown", { zone: zone.slice(0, 80) });
        ctx.addIssue({ code: "custom", message: typeof error === "function" ? error() : error });
      }
    });
}

function communitySchema(say: Say) {
  return z.object({
    ...detailsShape(say),
    subdomain: z.string(say("superAdmin:form.subdomainRequired")).trim().toLowerCase().min(1, say("superAdmin:form.subdomainRequired")).max(63, say("superAdmin:subdomain.length")),
    timeZone: timeZoneField(say).optional(),
    defaultLanguage: z.string().trim().refine(isLanguage, say("superAdmin:language.unknown")).optional(),
  });
}

/** Create Community, in English (the JSON API). */
export const CommunityFormSchema = communitySchema(inEnglish);
/** Create Community on the super admin's screen: its messages are catalog keys. */
export const CommunityScreenSchema = communitySchema(asKey);
export type CommunityFormValues = z.infer<typeof CommunityFormSchema>;

/** A community's details on its administrator's settings page (messages are catalog keys). */
export const CommunityDetailsScreenSchema = z.object(detailsShape(asKey));
/** A community's time zone on its administrator's settings page (messages are catalog keys). */
export const TimeZoneScreenSchema = z.object({ timeZone: timeZoneField(asKey) });
/** The super admin's edit of a community: everything but its address on the web. */
export const CommunityEditScreenSchema = z.object({
  ...detailsShape(asKey),
  timeZone: timeZoneField(asKey),
  defaultLanguage: z.string(asKey("superAdmin:language.unknown")).trim().refine(isLanguage, asKey("superAdmin:language.unknown")),
});

export const USERNAME_RULE = /^[a-z0-9][a-z0-9._-]*$/;

function staffName(say: Say) {
  return z
    .string(say("invitations:staff.nameRequired"))
    .trim()
    .min(1, say("invitations:staff.nameRequired"))
    .max(120, tooLong(say, 120));
}

function staffSchema(say: Say) {
  return z.object({
    // the JSON API takes her name when sent (else she is named by her username)
    displayName: staffName(say).optional(),
    tenantId: z.string(say("superAdmin:form.communityRequired")).trim().min(1, say("superAdmin:form.communityRequired")),
    username: z
      .string(say("superAdmin:form.usernameRequired"))
      .trim()
      .toLowerCase()
      .min(2, say("superAdmin:form.usernameShort"))
      .max(40, tooLong(say, 40))
      .regex(USERNAME_RULE, say("superAdmin:form.usernameCharacters")),
    email: z.string(say("superAdmin:form.emailRequired")).trim().min(1, say("superAdmin:form.emailRequired")).max(200, tooLong(say, 200)).pipe(z.email(say("superAdmin:form.emailInvalid"))),
    role: z.enum(COMMUNITY_STAFF_ROLES, say("superAdmin:form.roleRequired")),
  });
}

/** Add Staff Member, in English (the JSON API). */
export const StaffFormSchema = staffSchema(inEnglish);
/** Add Staff Member on the super admin's screen: its messages are catalog keys. */
export const StaffScreenSchema = staffSchema(asKey).extend({ displayName: staffName(asKey) });
export type StaffFormValues = z.infer<typeof StaffFormSchema>;

/** JSON bodies may send null or "" for an empty optional field, as the product's API client does. */
export function blankToUndefined(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null || (typeof v === "string" && v.trim() === "") ? undefined : v]),
  );
}

export const CommunityJsonSchema = z.preprocess(blankToUndefined, CommunityFormSchema);
// unknown keys (the product's API client sends a fixed `password`) are dropped: the server makes the password
export const StaffJsonSchema = z.preprocess(blankToUndefined, StaffFormSchema);
