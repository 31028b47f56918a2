// The JSON API's checks of a calendar event's repeat rule, shared by its routes.
import { checkRule } from "~/models/recurrence.server";
import { badRequest } from "~/utils/api.server";
import { getT } from "~/utils/i18n.server";

/**
 * The stored form of a rule sent for an event first on `eventDate`: null for none, a 400
 * response (the catalog's words) for a malformed one or one more often than daily.
 */
export async function ruleOrRefusal(
  request: Request,
  recurrence: string | null | undefined,
  eventDate: string,
): Promise<{ rule: string | null } | { refusal: Response }> {
  if (recurrence === undefined || recurrence === null || recurrence.trim() === "")
    return { rule: null };
  const checked = checkRule(recurrence, eventDate);
  if (checked.ok) return { rule: checked.rule };
  const t = await getT(request, "programs");
  const message = t(`rule.problem.${checked.problem}`);
  return { refusal: badRequest(message, { recurrence: [message] }) };
}
