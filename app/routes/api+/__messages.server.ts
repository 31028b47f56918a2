// The JSON API's words in the caller's language (the `api` catalog). A route translates what it
// says itself with `apiT(request)`; a refusal a model wrote (a review result's reason, a comment
// refused, a person's limit) goes through `reasonText`: a catalog key (msg) is translated, and the
// models' English refusals that the catalog knows are said in the caller's language too. Anything
// else passes as it is. The demo accounts and the tests read English: for them nothing changes.
import { translateMessage, type T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";
import { mediaMessageText, type MediaError } from "~/utils/media-limits";
import type { PersonLimitError } from "~/models/person-limits.server";

/** The `api` translator of this request's caller. */
export function apiT(request: Request): Promise<T> {
  return getT(request, "api");
}

type Known = { words: RegExp; key: string; names?: string[] };

// the models' refusals, word for word, with the `api` key that says the same
const KNOWN: Known[] = [
  { words: /^Story not found$/, key: "story.notFound" },
  { words: /^This story is published; unpublish it first$/, key: "story.published" },
  { words: /^This story is not published$/, key: "story.notPublished" },
  { words: /^Only published stories can be featured$/, key: "story.featurePublishedOnly" },
  {
    words: /^Only stories the resident shares with everyone at the community can be featured$/,
    key: "story.featureCommunityOnly",
  },
  {
    words:
      /^Only the resident \(or the care team with the resident's agreement\) can change who sees this story$/,
    key: "story.audienceOwnerOnly",
  },
  {
    words: /^Please confirm that the resident agreed to who may see this story$/,
    key: "story.agreedMissing",
  },
  { words: /^Only family members can comment on stories$/, key: "comment.familyOnly" },
  {
    words: /^You can comment only on your own resident's stories$/,
    key: "comment.ownResidentOnly",
  },
  { words: /^Unknown reaction$/, key: "reaction.unknown" },
  { words: /^No such user$/, key: "user.notFound" },
  {
    words: /^Only system administrators can log in as another user$/,
    key: "loginAs.superAdminOnly",
  },
  { words: /^System administrators cannot be logged in as$/, key: "loginAs.notSystemAdmins" },
  { words: /^This user's community is not active$/, key: "loginAs.communityInactive" },
  {
    words:
      /^(.+) has not accepted their invitation yet\. Login as User works once they have chosen a password\.$/,
    key: "loginAs.notAccepted",
    names: ["username"],
  },
  {
    words: /^(.+) has not chosen their own password yet$/,
    key: "loginAs.noOwnPassword",
    names: ["username"],
  },
];

/** A model's refusal in the caller's words: a catalog key translated, known English said in `t`'s language. */
export function reasonText(t: T, reason: string): string {
  const translated = translateMessage(t, reason);
  if (translated !== reason) return translated;
  for (const known of KNOWN) {
    const m = known.words.exec(reason);
    if (!m) continue;
    const values = Object.fromEntries((known.names ?? []).map((name, i) => [name, m[i + 1]!]));
    return t(known.key, values);
  }
  return reason;
}

/** A file refused (too large, not a picture or a recording): "File too large: ...". */
export function mediaErrorText(t: T, error: Pick<MediaError, "title" | "description">): string {
  return `${mediaMessageText(t, error.title)}: ${mediaMessageText(t, error.description)}`;
}

const MINUTE_S = 60;
const HOUR_S = 3600;

/**
 * A person's limit (comments, reactions, questions, photos): what they did a lot of, and how long
 * to wait ("a minute", "4 minutes", "an hour", "3 hours", rounded up).
 */
export function personLimitText(t: T, error: PersonLimitError): string {
  const s = error.retryAfterSeconds;
  const wait =
    s < HOUR_S
      ? t("wait.minutes", { n: s <= MINUTE_S ? 1 : Math.ceil(s / MINUTE_S) })
      : t("wait.hours", { n: Math.ceil(s / HOUR_S) });
  // the day's limit says so ("in one day"); the others are "in a short time"
  const span = / in one day\./.test(error.message) ? "day" : "short";
  return t(`limit.${error.action}`, { span, wait });
}

/** Field errors from a model or a schema, each translated (catalog keys) or as it is. */
export function fieldErrorsText(
  t: T,
  fieldErrors: Record<string, string[]> | undefined,
): Record<string, string[]> | undefined {
  if (!fieldErrors) return fieldErrors;
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, errors]) => [
      field,
      errors.map((e) => reasonText(t, e)),
    ]),
  );
}
