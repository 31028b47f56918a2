import type { T } from "~/utils/i18n";
import { initialsOfParts } from "~/utils/initials";

type AvatarResident = { firstName: string; lastName: string; profileImageUrl: string | null };

const SIZES = {
  sm: "h-11 w-11 text-base",
  md: "h-14 w-14 text-lg",
  lg: "h-20 w-20 text-2xl",
} as const;

export function residentInitials(r: Pick<AvatarResident, "firstName" | "lastName">): string {
  return initialsOfParts(r.firstName, r.lastName);
}

/**
 * The resident's photo, or their two initials. Decorative: the name is always written next to it,
 * so screen readers do not hear it twice.
 */
export function ResidentAvatar({
  resident,
  size = "md",
}: {
  resident: AvatarResident;
  size?: keyof typeof SIZES;
}) {
  const box = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${SIZES[size]}`;
  if (resident.profileImageUrl) {
    return (
      <img
        src={resident.profileImageUrl}
        alt=""
        className={`${box} object-cover`}
        width={80}
        height={80}
        loading="lazy"
      />
    );
  }
  return (
    <span
      className={`${box} bg-brand-100 font-bold text-brand-900`}
      aria-hidden="true"
      data-testid="resident-initials"
    >
      {residentInitials(resident)}
    </span>
  );
}

/** "Room 12"; with `t` in the reader's language. */
export function roomLabel(roomNumber: string | null | undefined, t?: T): string | null {
  if (!roomNumber) return null;
  return t ? t("story:room", { room: roomNumber }) : `Room ${roomNumber}`;
}
