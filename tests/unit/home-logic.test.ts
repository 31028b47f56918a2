import { describe, expect, it } from "vitest";
import { footerLinksFor, quickActionsFor } from "~/components/home/quick-actions";
import { ContactSchema } from "~/models/contact-form.server";
import { CommentSchema } from "~/models/comment-form.server";
import { residentInitials, roomLabel } from "~/components/story/ResidentAvatar";
import { formatLongDate, localDateIn, startOfLocalMonthUtc } from "~/models/local-time";
import { pageOf, parsePageParam } from "~/models/paging";

describe("community-local days and months", () => {
  it("gives the calendar day in the community's time zone", () => {
    expect(localDateIn("America/Los_Angeles", new Date("2025-03-01T07:59:00Z"))).toBe("2025-02-28");
    expect(localDateIn("America/Los_Angeles", new Date("2025-03-01T08:00:00Z"))).toBe("2025-03-01");
    expect(localDateIn("Asia/Tokyo", new Date("2025-12-31T15:00:00Z"))).toBe("2026-01-01");
  });

  it("finds the UTC instant at which the local month began, across daylight saving", () => {
    expect(startOfLocalMonthUtc("America/New_York", new Date("2025-03-20T12:00:00Z"))).toBe(
      "2025-03-01T05:00:00.000Z",
    );
    expect(startOfLocalMonthUtc("America/New_York", new Date("2025-07-04T12:00:00Z"))).toBe(
      "2025-07-01T04:00:00.000Z",
    );
    expect(startOfLocalMonthUtc("UTC", new Date("2025-07-04T12:00:00Z"))).toBe(
      "2025-07-01T00:00:00.000Z",
    );
    // still June in Los Angeles
    expect(startOfLocalMonthUtc("America/Los_Angeles", new Date("2025-07-01T03:00:00Z"))).toBe(
      "2025-06-01T07:00:00.000Z",
    );
    expect(startOfLocalMonthUtc("Australia/Sydney", new Date("2025-10-15T00:00:00Z"))).toBe(
      "2025-09-30T14:00:00.000Z",
    );
  });

  it("writes long dates the same way everywhere", () => {
    expect(formatLongDate("2025-04-05T03:00:00Z", "America/Los_Angeles")).toBe("April 4, 2025");
    expect(formatLongDate("2025-04-05T03:00:00Z", "UTC")).toBe("April 5, 2025");
  });

  it("answers the same when asked again, for each zone and instant (answers are remembered)", () => {
    // the same second in two zones, then the next second across midnight, asked twice each
    const before = new Date("2025-03-01T07:59:59.100Z");
    const sameSecond = new Date("2025-03-01T07:59:59.900Z");
    const after = new Date("2025-03-01T08:00:00.000Z");
    for (let round = 0; round < 2; round++) {
      expect(localDateIn("America/Los_Angeles", before)).toBe("2025-02-28");
      expect(localDateIn("Asia/Tokyo", before)).toBe("2025-03-01");
      expect(localDateIn("America/Los_Angeles", sameSecond)).toBe("2025-02-28");
      expect(localDateIn("America/Los_Angeles", after)).toBe("2025-03-01");
      expect(formatLongDate("2025-03-01T07:59:59Z", "America/Los_Angeles")).toBe(
        "February 28, 2025",
      );
      expect(formatLongDate("2025-03-01T07:59:59Z", "Asia/Tokyo")).toBe("March 1, 2025");
      expect(formatLongDate("2025-03-01T08:00:00Z", "America/Los_Angeles")).toBe("March 1, 2025");
    }
  });
});

describe("pages of a list", () => {
  it("reads ?page= safely", () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("3")).toBe(3);
    expect(parsePageParam("-2")).toBe(1);
    expect(parsePageParam("2.5")).toBe(1);
    expect(parsePageParam("abc")).toBe(1);
    expect(parsePageParam("0")).toBe(1);
  });
  it("clamps to the pages that exist", () => {
    expect(pageOf(0, 4, 12)).toMatchObject({
      page: 1,
      pageCount: 1,
      offset: 0,
      hasPrevious: false,
      hasNext: false,
    });
    expect(pageOf(25, 2, 12)).toMatchObject({
      page: 2,
      pageCount: 3,
      offset: 12,
      hasPrevious: true,
      hasNext: true,
    });
    expect(pageOf(25, 99, 12)).toMatchObject({ page: 3, offset: 24, hasNext: false });
  });
});

describe("quick actions and footer links by role", () => {
  it("gives each role actions that lead to its own screens", () => {
    const labels = (role: Parameters<typeof quickActionsFor>[0]) =>
      quickActionsFor(role).map((a) => `${a.label} ${a.href}`);
    expect(labels("resident")).toEqual([
      "Create New Story /resident/record",
      "Upload Photos /resident/stories/new",
      "Read All Stories /stories",
    ]);
    expect(labels("family")).toEqual([
      "Upload Photos /family?dialog=photo",
      "Read All Stories /stories",
    ]);
    expect(labels("staff")).toEqual([
      "Create New Story /resident/record",
      "Invite Family /staff/families/new",
    ]);
    expect(labels("administrator")).toEqual([
      "Create New Story /resident/record",
      "Invite Family /admin/families/new",
    ]);
    expect(labels("super_admin")).toEqual(["Invite Family /admin/families/new"]);
  });
  it("shows Support only when the facility can be reached", () => {
    expect(
      footerLinksFor("family", { email: "a@b.example", phone: null }).map((l) => l.href),
    ).toEqual(["/stories", "/family", "mailto:a@b.example"]);
    expect(
      footerLinksFor("staff", { email: null, phone: "(503) 555-0142" }).map((l) => l.href),
    ).toEqual(["/stories", "/staff/residents", "tel:5035550142"]);
    expect(footerLinksFor("resident", { email: null, phone: null }).map((l) => l.label)).toEqual([
      "View All Stories",
    ]);
  });
});

describe("form rules", () => {
  it("contact: name, email format and facility required; phone and message optional", () => {
    expect(
      ContactSchema.safeParse({ name: "Ann", email: "ann@oak.example", facility: "Oak" }).success,
    ).toBe(true);
    const bad = ContactSchema.safeParse({ name: "  ", email: "ann@", facility: "" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(["email", "facility", "name"]);
    expect(
      ContactSchema.safeParse({
        name: "Ann",
        email: " ann@oak.example ",
        facility: "Oak",
        phone: "555",
        message: "hi",
      }).data?.email,
    ).toBe("ann@oak.example");
  });
  it("comment: trimmed text must be non-empty; emoji is one of the eight or none", () => {
    expect(CommentSchema.safeParse({ content: "  hi  " }).data).toEqual({ content: "hi" });
    expect(CommentSchema.safeParse({ content: " \n\t " }).success).toBe(false);
    expect(CommentSchema.safeParse({ content: "hi", emoji: "🙏" }).success).toBe(true);
    expect(CommentSchema.safeParse({ content: "hi", emoji: "🦄" }).success).toBe(false);
    expect(CommentSchema.safeParse({ content: "hi", emoji: null }).success).toBe(true);
  });
});

describe("resident labels", () => {
  it("writes two initials and 'Room N' only when there is a room", () => {
    expect(residentInitials({ firstName: "margaret", lastName: "Ellis" })).toBe("ME");
    expect(roomLabel("104B")).toBe("Room 104B");
    expect(roomLabel(null)).toBeNull();
  });
});

describe("the calendar's day headings", () => {
  it("say the same as date-fns' 'EEEE, MMMM d, yyyy' for every day of 2024 to 2027, in whatever zone the process runs", async () => {
    const { format } = await import("date-fns");
    const { formatDayHeading } = await import("~/models/local-time");
    for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2027, 11, 31); t += 86_400_000) {
      const ymd = new Date(t).toISOString().slice(0, 10);
      const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
      expect(formatDayHeading(ymd), ymd).toBe(format(new Date(y, m - 1, d), "EEEE, MMMM d, yyyy"));
    }
    expect(formatDayHeading("2024-02-29")).toBe("Thursday, February 29, 2024");
  });
});

describe("a day in a table row", () => {
  it("drops the year only within the community's own year, counted in its time zone", async () => {
    const { formatDayThisYear, formatRecentDay } = await import("~/models/local-time");
    const { todayInTimeZone } = await import("~/models/event-dates");
    const now = new Date("2026-11-24T15:00:00Z");
    expect(formatDayThisYear("2026-11-20T12:00:00Z", "America/New_York", now)).toBe("Nov 20");
    expect(formatDayThisYear("2025-11-20T12:00:00Z", "America/New_York", now)).toBe("Nov 20, 2025");
    // 04:30 UTC on January 1 is still December 31 of the year before in New York
    expect(formatDayThisYear("2026-01-01T04:30:00Z", "America/New_York", now)).toBe("Dec 31, 2025");
    expect(formatDayThisYear("2026-01-01T04:30:00Z", "Europe/London", now)).toBe("Jan 1");
    expect(formatRecentDay("2026-11-24T05:30:00Z", "America/New_York", now)).toBe("today");
    expect(formatRecentDay("2026-11-24T04:30:00Z", "America/New_York", now)).toBe("yesterday");
    expect(todayInTimeZone("Pacific/Kiritimati", new Date("2026-11-24T11:00:00Z"))).toBe(
      "2026-11-25",
    );
    expect(todayInTimeZone("Pacific/Pago_Pago", new Date("2026-11-24T09:00:00Z"))).toBe(
      "2026-11-23",
    );
  });
});
