// Validation rules for the administrator and staff forms and their JSON API twins.
// One schema per entity, used by conform on the screens and by readJson in the /api routes.
import * as z from "zod";
import { isCalendarDate } from "./event-dates";
import { isWhisperLanguage } from "~/utils/whisper-languages";

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

/** Optional text: an empty value is stored as null by the models. */
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).nullish();

const optionalDate = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), `Enter ${what} as a real date (YYYY-MM-DD)`)
    .nullish();

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalTime = z
  .string()
  .trim()
  .refine((v) => v === "" || TIME.test(v), "Use the time format HH:MM")
  .nullish();

export const RESIDENT_RULES = {
  firstName: "First name is required",
  lastName: "Last name is required",
};

export const ResidentSchema = z.object({
  firstName: requiredText(RESIDENT_RULES.firstName, 100),
  lastName: requiredText(RESIDENT_RULES.lastName, 100),
  roomNumber: optionalText(20),
  dateOfBirth: optionalDate("the date of birth"),
  admissionDate: optionalDate("the admission date"),
  // the form offers only what the installed model can transcribe; the API may send any Whisper code
  preferredLanguage: z
    .string()
    .trim()
    .refine((v) => v === "" || isWhisperLanguage(v), "Choose one of the languages in the list")
    .nullish(),
});
export type ResidentValues = z.infer<typeof ResidentSchema>;

export const ResidentPatchSchema = ResidentSchema.partial().extend({ isActive: z.boolean({ error: "isActive must be true or false" }).optional() });

export const FAMILY_RULES = {
  residentId: "Choose the resident",
  name: "Name is required",
  email: "Email is required",
  emailFormat: "Enter a valid email address",
};

export const FamilyMemberSchema = z.object({
  residentId: z.string({ error: FAMILY_RULES.residentId }).trim().min(1, FAMILY_RULES.residentId),
  name: requiredText(FAMILY_RULES.name, 120),
  email: z
    .string({ error: FAMILY_RULES.email })
    .trim()
    .min(1, FAMILY_RULES.email)
    .max(254, "Use at most 254 characters")
    .regex(z.regexes.email, FAMILY_RULES.emailFormat),
  relationship: optionalText(60),
  phoneNumber: optionalText(40),
});
export type FamilyMemberValues = z.infer<typeof FamilyMemberSchema>;

export const NEWS_RULES = { title: "Title is required", content: "Content is required" };

export const NewsPostSchema = z.object({
  title: requiredText(NEWS_RULES.title, 200),
  content: requiredText(NEWS_RULES.content, 20_000),
  isPublished: z.boolean({ error: "isPublished must be true or false" }).default(false),
  isPinned: z.boolean({ error: "isPinned must be true or false" }).default(false),
});
export type NewsPostValues = z.infer<typeof NewsPostSchema>;

export const EVENT_RULES = {
  title: "Title is required",
  eventDate: "Date is required",
  maxParticipants: "Maximum participants must be at least 1",
  endTime: "The end time must be after the start time",
};

const EventFields = z.object({
  title: requiredText(EVENT_RULES.title, 200),
  description: optionalText(5000),
  eventDate: z
    .string({ error: EVENT_RULES.eventDate })
    .trim()
    .min(1, EVENT_RULES.eventDate)
    .refine(isCalendarDate, "Enter the date as a real date (YYYY-MM-DD)"),
  startTime: optionalTime,
  endTime: optionalTime,
  location: optionalText(200),
  maxParticipants: z
    .number({ error: "Maximum participants must be a whole number" })
    .int("Maximum participants must be a whole number")
    .min(1, EVENT_RULES.maxParticipants)
    .max(100_000, "Use a smaller number")
    .nullish(),
});

const endAfterStart = (v: { startTime?: string | null; endTime?: string | null }) => !v.startTime || !v.endTime || v.endTime > v.startTime;

export const CalendarEventSchema = EventFields.refine(endAfterStart, { message: EVENT_RULES.endTime, path: ["endTime"] });
export type CalendarEventValues = z.infer<typeof CalendarEventSchema>;

export const CalendarEventPatchSchema = EventFields.partial()
  .extend({ isActive: z.boolean({ error: "isActive must be true or false" }).optional() })
  .refine(endAfterStart, { message: EVENT_RULES.endTime, path: ["endTime"] });

/** The words of a recorded story, typed on the review page (empty: the recording keeps waiting for words). */
export const StoryWordsSchema = z.object({
  content: z.string().max(50_000, "Stories can be at most 50,000 characters long.").default(""),
});

export const ReviewNoteSchema = z.object({ reviewNote: z.string().trim().max(1000, "Use at most 1000 characters").nullish() });

export const ApproveSchema = z.object({
  isPublished: z.boolean({ error: "isPublished must be true or false" }),
  reviewNote: z.string().trim().max(1000, "Use at most 1000 characters").nullish(),
});

export const FeatureSchema = z.object({ isFeatured: z.boolean({ error: "isFeatured must be true or false" }) });
