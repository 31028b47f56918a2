// Which Quick Actions each role sees on the community home, and where they lead (see ADR 005).
// The targets are screens of other areas; keep them here so that a moved URL is changed once.
// The page shows the home catalog's words: `quick.{key}` and `quick.hint.{hint}` for an action,
// `footer.link.{key}` for a footer link; `label` here is the English one.
import { ROLE, roleIn, ADMIN_ROLES, type Role } from "~/utils/roles";

export type QuickAction = {
  key: "create-story" | "upload-photos" | "invite-family" | "all-stories";
  label: string;
  href: string;
  /** what the action does, for screen readers */
  hint: "recordOrWrite" | "storyWithPhoto" | "sharePhoto" | "communityStories" | "addFamily";
};

export const QUICK_ACTION_TARGETS = {
  recordStory: "/resident/record",
  residentStoryWithPhoto: "/resident/stories/new",
  familyPhoto: "/family?dialog=photo",
  adminAddFamily: "/admin/families/new",
  staffAddFamily: "/staff/families/new",
  allStories: "/stories",
} as const;

export function quickActionsFor(role: Role): QuickAction[] {
  const T = QUICK_ACTION_TARGETS;
  const create: QuickAction = {
    key: "create-story",
    label: "Create New Story",
    href: T.recordStory,
    hint: "recordOrWrite",
  };
  switch (role) {
    case ROLE.resident:
      return [
        create,
        {
          key: "upload-photos",
          label: "Upload Photos",
          href: T.residentStoryWithPhoto,
          hint: "storyWithPhoto",
        },
        {
          key: "all-stories",
          label: "Read All Stories",
          href: T.allStories,
          hint: "communityStories",
        },
      ];
    case ROLE.family:
      return [
        {
          key: "upload-photos",
          label: "Upload Photos",
          href: T.familyPhoto,
          hint: "sharePhoto",
        },
        {
          key: "all-stories",
          label: "Read All Stories",
          href: T.allStories,
          hint: "communityStories",
        },
      ];
    case ROLE.staff:
      return [
        create,
        {
          key: "invite-family",
          label: "Invite Family",
          href: T.staffAddFamily,
          hint: "addFamily",
        },
      ];
    case ROLE.administrator:
      return [
        create,
        {
          key: "invite-family",
          label: "Invite Family",
          href: T.adminAddFamily,
          hint: "addFamily",
        },
      ];
    case ROLE.superAdmin:
      // a visiting super admin manages the community but records no stories
      return [
        {
          key: "invite-family",
          label: "Invite Family",
          href: T.adminAddFamily,
          hint: "addFamily",
        },
      ];
  }
}

export type FooterLink = {
  key: "allStories" | "directory" | "familyPortal" | "support";
  label: string;
  href: string;
  external?: boolean;
};

/** The footer's quick links that lead somewhere for this role (Support reaches the facility). */
export function footerLinksFor(
  role: Role,
  facility: { email: string | null; phone: string | null },
): FooterLink[] {
  const links: FooterLink[] = [{ key: "allStories", label: "View All Stories", href: "/stories" }];
  if (roleIn(role, ADMIN_ROLES))
    links.push({ key: "directory", label: "Resident Directory", href: "/admin/residents" });
  else if (role === ROLE.staff)
    links.push({ key: "directory", label: "Resident Directory", href: "/staff/residents" });
  if (role === ROLE.family)
    links.push({ key: "familyPortal", label: "Family Portal", href: "/family" });
  if (facility.email)
    links.push({
      key: "support",
      label: "Support",
      href: `mailto:${facility.email}`,
      external: true,
    });
  else if (facility.phone)
    links.push({
      key: "support",
      label: "Support",
      href: `tel:${facility.phone.replace(/[^\d+]/g, "")}`,
      external: true,
    });
  return links;
}
