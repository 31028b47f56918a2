// The landing page's contact form: name, email (email-formatted) and facility
// required; phone and message optional. Shared by the server action and the browser.
import * as z from "zod";

export const ContactSchema = z.object({
  name: z.string({ error: "Please enter your name" }).trim().min(1, "Please enter your name").max(120, "Please use at most 120 characters"),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(200, "Please use at most 200 characters")
    .pipe(z.email({ error: "Please enter a valid email address, like name@example.com" })),
  facility: z
    .string({ error: "Please enter your facility's name" })
    .trim()
    .min(1, "Please enter your facility's name")
    .max(200, "Please use at most 200 characters"),
  phone: z.string().trim().max(40, "Please use at most 40 characters").optional(),
  message: z.string().trim().max(2000, "Please keep your message under 2000 characters").optional(),
});

export type ContactInput = z.infer<typeof ContactSchema>;
