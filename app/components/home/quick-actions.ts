// Which Quick Actions each role sees on the community home, and where they lead (see ADR 005).
// The targets are screens of other areas; keep them here so that a moved URL is changed once.
import { ROLE, roleIn, ADMIN_ROLES, type Role } from "~/utils/roles";

export type QuickAction = {
  key: "create-story" | "upload-photos" | "invite-family" | "all-stories";
  label: string;
  href: string;
  description: string;
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
    description: "Record or write a life story",
  };
  switch (role) {
    case ROLE.resident:
      return [
        create,
        {
          key: "upload-photos",
          label: "Upload Photos",
          href: T.residentStoryWithPhoto,
          description: "Write a story with a photo",
        },
        {
          key: "all-stories",
          label: "Read All Stories",
          href: T.allStories,
          description: "Stories shared in the community",
        },
      ];
    case ROLE.family:
      return [
        {
          key: "upload-photos",
          label: "Upload Photos",
          href: T.familyPhoto,
          description: "Share a photo with your resident",
        },
        {
          key: "all-stories",
          label: "Read All Stories",
          href: T.allStories,
          description: "Stories shared in the community",
        },
      ];
    case ROLE.staff:
      return [
        create,
        {
          key: "invite-family",
          label: "Invite Family",
          href: T.staffAddFamily,
          description: "Add a family member to a resident",
        },
      ];
    case ROLE.administrator:
      return [
        create,
        {
          key: "invite-family",
          label: "Invite Family",
          href: T.adminAddFamily,
          description: "Add a family member to a resident",
        },
      ];
    case ROLE.superAdmin:
      // a visiting super admin manages the community but records no stories
      return [
        {
          key: "invite-family",
          label: "Invite Family",
          href: T.adminAddFamily,
          description: "Add a family member to a resident",
        },
      ];
  }
}

export type FooterLink = { label: string; href: string; external?: boolean };

/** The footer's quick links that lead somewhere for this role (Support reaches the facility). */
export function footerLinksFor(
  role: Role,
  facility: { email: string | null; phone: string | null },
): FooterLink[] {
  const links: FooterLink[] = [{ label: "View All Stories", href: "/stories" }];
  if (roleIn(role, ADMIN_ROLES))
    links.push({ label: "Resident Directory", href: "/admin/residents" });
  else if (role === ROLE.staff)
    links.push({ label: "Resident Directory", href: "/staff/residents" });
  if (role === ROLE.family) links.push({ label: "Family Portal", href: "/family" });
  if (facility.email)
    links.push({ label: "Support", href: `mailto:${facility.email}`, external: true });
  else if (facility.phone)
    links.push({
      label: "Support",
      href: `tel:${facility.phone.replace(/[^\d+]/g, "")}`,
      external: true,
    });
  return links;
}
