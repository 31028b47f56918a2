// The administrator's staff forms (checked on the server only: ADR 010). Their messages are catalog
// keys (`msg`), shown in the reader's language.
import * as z from "zod";
import { msg } from "~/utils/i18n";
import { COMMUNITY_STAFF_ROLES } from "~/utils/roles";
import { USERNAME_RULE } from "./super-admin-forms.server";

const say = (key: string) => ({ error: msg(`admin:staffForm.${key}`) });
const tooLong = (max: number) => ({ error: msg("validation:tooLong", { max }) });

const displayName = z.string(say("nameRequired")).trim().min(1, say("nameRequired")).max(120, tooLong(120));
const email = z.string(say("emailRequired")).trim().min(1, say("emailRequired")).max(200, tooLong(200)).pipe(z.email(say("emailInvalid")));
const role = z.enum(COMMUNITY_STAFF_ROLES, say("roleRequired"));
const method = z.enum(["link", "password"], say("methodRequired"));

export const NewStaffSchema = z.object({
  displayName,
  username: z.string(say("usernameRequired")).trim().toLowerCase().min(2, say("usernameShort")).max(40, tooLong(40)).regex(USERNAME_RULE, say("usernameCharacters")),
  email,
  role,
  method,
});
export type NewStaffValues = z.infer<typeof NewStaffSchema>;

export const EditStaffSchema = z.object({ displayName, email, role });

export const ResetStaffSchema = z.object({ method });
