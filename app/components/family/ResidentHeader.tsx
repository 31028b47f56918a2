// The family dashboard's header: their resident's photo (or two initials), name and room.
import { useT } from "~/utils/i18n";
import { initialsOfParts } from "~/utils/initials";

export type HeaderResident = {
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  profileImageUrl: string | null;
  id: string;
};

export function residentInitials(r: { firstName: string; lastName: string }) {
  return initialsOfParts(r.firstName, r.lastName);
}

export function ResidentAvatarImage({
  resident,
  size = "h-20 w-20 text-3xl",
}: {
  resident: HeaderResident;
  size?: string;
}) {
  if (resident.profileImageUrl) {
    return (
      <img
        src={`${resident.profileImageUrl}?w=400`}
        alt={`${resident.firstName} ${resident.lastName}`}
        className={`${size} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      className={`${size} inline-flex items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900`}
      aria-hidden="true"
    >
      {residentInitials(resident)}
    </span>
  );
}

export function ResidentHeader({
  resident,
  memberLabel,
  children,
}: {
  resident: HeaderResident;
  memberLabel: string;
  children?: React.ReactNode;
}) {
  const t = useT("family");
  return (
    <section
      className="card flex flex-wrap items-center gap-5"
      aria-labelledby="family-resident-name"
    >
      <ResidentAvatarImage resident={resident} />
      {/* the name keeps a readable width; the buttons wrap under it first */}
      <div className="min-w-[min(14rem,100%)] flex-1">
        <p className="text-base text-stone-700">{t("header.lifeStoriesOf")}</p>
        <h1 id="family-resident-name" className="page-title">
          {resident.firstName} {resident.lastName}
        </h1>
        {resident.roomNumber ? (
          <p className="text-lg">{t("header.room", { room: resident.roomNumber })}</p>
        ) : null}
        <p className="text-base text-stone-700">{t("header.signedInAs", { name: memberLabel })}</p>
      </div>
      <div className="flex flex-wrap gap-3">{children}</div>
    </section>
  );
}
