// Form rules of the notification settings page and the administrators' digest schedule (checked on
// the server only: ADR 010).
import * as z from "zod";
import { EMAIL_MODE_LIST, NOTIFICATION_KIND_LIST } from "./notification-kinds";

export const NotificationSettingsSchema = z.object({
  kinds: z.array(z.enum(NOTIFICATION_KIND_LIST, { error: "Choose from the notifications listed" })).max(NOTIFICATION_KIND_LIST.length).default([]),
  emailMode: z.enum(EMAIL_MODE_LIST, { error: "Choose when you want emails" }),
});

export const DigestScheduleSchema = z.object({
  day: z.coerce.number({ error: "Choose a day" }).int().min(0, "Choose a day").max(6, "Choose a day"),
  hour: z.coerce.number({ error: "Choose an hour" }).int().min(0, "Choose an hour").max(23, "Choose an hour"),
});
