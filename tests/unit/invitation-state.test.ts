// What the families list says of an invitation: in the community's time zone, and short enough
// that a row stays a line high on a 1366 px screen.
import { describe, expect, it } from "vitest";
import { invitationState } from "~/routes/_community+/__care-team/families-list.server";
import { NO_SIGN_IN } from "~/models/sign-in-state.server";

const NOW = new Date("2026-11-24T15:00:00Z");
const state = (over: Partial<typeof NO_SIGN_IN>) => ({
  ...NO_SIGN_IN,
  userId: "u1",
  username: "sarah.ellis",
  ...over,
});

describe("invitationState", () => {
  it("says when a pending invitation was made, with the year only when it is not this year", () => {
    expect(
      invitationState(
        state({ status: "invited", invitedAt: "2026-11-20T10:00:00Z" }),
        "America/New_York",
        NOW,
      ).label,
    ).toBe("Invited on Nov 20, not accepted");
    expect(
      invitationState(
        state({ status: "invited", invitedAt: "2025-12-30T10:00:00Z" }),
        "America/New_York",
        NOW,
      ).label,
    ).toBe("Invited on Dec 30, 2025, not accepted");
  });

  it("says accepted with the last day of use: today, yesterday, or the date, in the community's time zone", () => {
    const at = (iso: string, tz = "America/New_York") =>
      invitationState(state({ status: "active", lastActiveAt: iso }), tz, NOW);
    expect(at("2026-11-24T14:00:00Z").label).toBe("Accepted");
    expect(at("2026-11-24T14:00:00Z").lastActive).toBe("last active today");
    expect(at("2026-11-23T16:00:00Z").lastActive).toBe("last active yesterday");
    // 03:00 UTC on the 24th is still the 23rd in New York, but already the 24th in Berlin
    expect(at("2026-11-24T03:00:00Z").lastActive).toBe("last active yesterday");
    expect(at("2026-11-24T03:00:00Z", "Europe/Berlin").lastActive).toBe("last active today");
    expect(at("2026-11-02T12:00:00Z").lastActive).toBe("last active Nov 2");
  });

  it("has nothing to say of activity for someone who never signed in", () => {
    expect(invitationState(NO_SIGN_IN, "UTC", NOW)).toMatchObject({
      status: "none",
      label: "No invitation yet",
      lastActive: null,
    });
    expect(invitationState(state({ status: "deactivated" }), "UTC", NOW).label).toBe(
      "Sign-in switched off",
    );
  });
});
