// Validation rules for the administrator and staff forms and their JSON API twins.
// One schema per entity, used by conform on the screens and by readJson in the /api routes.
// Every message is a catalog key (msg), translated where it is shown, in the reader's language.
import * as z from "zod";
import { isCalendarDate } from "./event-dates";
import { isWhisperLanguage } from "~/utils/whisper-languages";
import { msg } from "~/utils/i18n";

const tooLong = (max: number) => msg("validation:tooLong", { max });

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

/** Optional text: an empty value is stored as null by the models. */
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).nullish();

/** `message`: the key that names the date ("Enter the date of birth as a real date"). */
const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), message)
    .nullish();

/** An API field that must be true or false (its name is the JSON's, not translated). */
const boolean = (field: string) => z.boolean({ error: msg("validation:trueOrFalse", { field }) });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalTime = z
  .string()
  .trim()
  .refine((v) => v === "" || TIME.test(v), msg("validation:timeFormat"))
  .nullish();

export const RESIDENT_RULES = {
  firstName: msg("validation:firstNameRequired"),
  lastName: msg("validation:lastNameRequired"),
};

export const ResidentSchema = z.object({
  firstName: requiredText(RESIDENT_RULES.firstName, 100),
  lastName: requiredText(RESIDENT_RULES.lastName, 100),
  roomNumber: optionalText(20),
  dateOfBirth: optionalDate(msg("validation:dateOfBirthReal")),
  admissionDate: optionalDate(msg("validation:admissionDateReal")),
  // her own email, when she has one: her sign-in link is emailed there
  email: z
    .string()
    .trim()
    .max(254, tooLong(254))
    .refine((v) => v === "" || z.regexes.email.test(v), msg("validation:emailFormat"))
    .nullish(),
  // the form offers only what the installed model can transcribe; the API may send any Whisper code
  preferredLanguage: z
    .string()
    .trim()
    .refine((v) => v === "" || isWhisperLanguage(v), msg("validation:languageInList"))
    .nullish(),
});
export type ResidentValues = z.infer<typeof ResidentSchema>;

export const ResidentPatchSchema = ResidentSchema.partial().extend({ isActive: boolean("isActive").optional() });

export const FAMILY_RULES = {
  residentId: msg("validation:residentRequired"),
  name: msg("validation:nameRequired"),
  email: msg("validation:emailRequired"),
  emailFormat: msg("validation:emailFormat"),
};

export const FamilyMemberSchema = z.object({
  residentId: z.string({ error: FAMILY_RULES.residentId }).trim().min(1, FAMILY_RULES.residentId),
  name: requiredText(FAMILY_RULES.name, 120),
  email: z
    .string({ error: FAMILY_RULES.email })
    .trim()
    .min(1, FAMILY_RULES.email)
    .max(254, tooLong(254))
    .regex(z.regexes.email, FAMILY_RULES.emailFormat),
  relationship: optionalText(60),
  phoneNumber: optionalText(40),
});
export type FamilyMemberValues = z.infer<typeof FamilyMemberSchema>;

export const NEWS_RULES = { title: msg("validation:titleRequired"), content: msg("validation:contentRequired") };

export const NewsPostSchema = z.object({
  title: requiredText(NEWS_RULES.title, 200),
  content: requiredText(NEWS_RULES.content, 20_000),
  isPublished: boolean("isPublished").default(false),
  isPinned: boolean("isPinned").default(false),
});
export type NewsPostValues = z.infer<typeof NewsPostSchema>;

export const EVENT_RULES = {
  title: msg("validation:titleRequired"),
  eventDate: msg("validation:dateRequired"),
  maxParticipants: msg("validation:maxParticipantsMin"),
  endTime: msg("validation:endAfterStart"),
};

const EventFields = z.object({
  title: requiredText(EVENT_RULES.title, 200),
  description: optionalText(5000),
  eventDate: z
    .string({ error: EVENT_RULES.eventDate })
    .trim()
    .min(1, EVENT_RULES.eventDate)
    .refine(isCalendarDate, msg("validation:eventDateReal")),
  startTime: optionalTime,
  endTime: optionalTime,
  location: optionalText(200),
  maxParticipants: z
    .number({ error: msg("validation:maxParticipantsWhole") })
    .int(msg("validation:maxParticipantsWhole"))
    .min(1, EVENT_RULES.maxParticipants)
    .max(100_000, msg("validation:smallerNumber"))
    .nullish(),
  // an RFC 5545 RRULE (JSON API); checked against the event's first date by checkRule
  recurrence: z.string().max(300).nullish(),
});

const endAfterStart = (v: { startTime?: string | null; endTime?: string | null }) => !v.startTime || !v.endTime || v.endTime > v.startTime;

export const CalendarEventSchema = EventFields.refine(endAfterStart, { message: EVENT_RULES.endTime, path: ["endTime"] });
export type CalendarEventValues = z.infer<typeof CalendarEventSchema>;

export const CalendarEventPatchSchema = EventFields.partial()
  .extend({ isActive: boolean("isActive").optional() })
  .refine(endAfterStart, { message: EVENT_RULES.endTime, path: ["endTime"] });

/** The words of a recorded story, typed on the review page (empty: the recording keeps waiting for words). */
export const StoryWordsSchema = z.object({
  content: z.string().max(50_000, msg("validation:storyTooLong")).default(""),
});

export const ReviewNoteSchema = z.object({ reviewNote: z.string().trim().max(1000, tooLong(1000)).nullish() });

export const ApproveSchema = z.object({
  isPublished: boolean("isPublished"),
  reviewNote: z.string().trim().max(1000, tooLong(1000)).nullish(),
});

export const FeatureSchema = z.object({ isFeatured: boolean("isFeatured") });
