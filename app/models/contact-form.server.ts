// The landing page's contact form: name, email (email-formatted) and facility
// required; phone and message optional. Shared by the server action and the browser. Its messages
// are catalog keys (msg), shown in the reader's language by the form.
import * as z from "zod";
import { msg } from "~/utils/i18n";

const atMost = (max: number) => msg("marketing:contact.tooLong", { max });

export const ContactSchema = z.object({
  name: z
    .string({ error: msg("marketing:contact.nameRequired") })
    .trim()
    .min(1, msg("marketing:contact.nameRequired"))
    .max(120, atMost(120)),
  email: z
    .string({ error: msg("marketing:contact.emailRequired") })
    .trim()
    .min(1, msg("marketing:contact.emailRequired"))
    .max(200, atMost(200))
    .pipe(z.email({ error: msg("marketing:contact.emailFormat") })),
  facility: z
    .string({ error: msg("marketing:contact.facilityRequired") })
    .trim()
    .min(1, msg("marketing:contact.facilityRequired"))
    .max(200, atMost(200)),
  phone: z.string().trim().max(40, atMost(40)).optional(),
  message: z.string().trim().max(2000, msg("marketing:contact.messageTooLong", { max: 2000 })).optional(),
});

export type ContactInput = z.infer<typeof ContactSchema>;
