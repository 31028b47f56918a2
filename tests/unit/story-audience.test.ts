// Who a story is for: the three audiences a resident chooses from, the one a new story gets, the
// check every form and API runs on what it is sent, and the words each audience is shown in.
import { describe, expect, it } from "vitest";
import {
  AGREED_LABEL,
  AGREED_MISSING,
  AUDIENCE_HINTS,
  AUDIENCES,
  DEFAULT_AUDIENCE,
  WITHDRAWN_LABEL,
  audienceLabel,
  audienceLabelFor,
  isAudience,
} from "~/models/story-audience";

describe("story audiences", () => {
  it("are private, family and community, and a new story is for the family", () => {
    expect([...AUDIENCES]).toEqual(["private", "family", "community"]);
    expect(DEFAULT_AUDIENCE).toBe("family");
  });

  it("accept exactly the three audiences and nothing else sent by a form or the API", () => {
    for (const audience of ["private", "family", "community"])
      expect(isAudience(audience)).toBe(true);
    for (const other of [
      "",
      "public",
      "everyone",
      "Family",
      " family",
      "family ",
      "withdrawn",
      null,
      undefined,
      0,
      1,
      true,
      ["family"],
      { audience: "family" },
    ])
      expect(isAudience(other), JSON.stringify(other)).toBe(false);
  });

  it("are named to the resident in her own words", () => {
    expect(audienceLabel("private", "Sunnybrook")).toBe("Only me and the care team");
    expect(audienceLabel("family", "Sunnybrook")).toBe("My family");
    expect(audienceLabel("community", "Sunnybrook")).toBe("Everyone at Sunnybrook");
  });

  it("are named to everyone else with the resident's first name", () => {
    expect(audienceLabelFor("private", "Sunnybrook", "Margaret")).toBe(
      "Only Margaret and the care team",
    );
    expect(audienceLabelFor("family", "Sunnybrook", "Margaret")).toBe("Margaret's family");
    expect(audienceLabelFor("community", "Sunnybrook", "Margaret")).toBe("Everyone at Sunnybrook");
  });

  it("say who reads a story for each choice, and what staff confirm for a resident", () => {
    expect(AUDIENCE_HINTS.private).toMatch(/^Nobody else reads it: not your family/);
    expect(AUDIENCE_HINTS.family).toMatch(/family members .* and the care team/);
    expect(AUDIENCE_HINTS.community).toMatch(/^Every resident, family and member of staff/);
    expect(WITHDRAWN_LABEL).toBe("Withdrawn");
    expect(AGREED_LABEL("Margaret")).toBe("Margaret agreed to who may see this story");
    expect(AGREED_MISSING).toMatch(/^Please confirm that the resident agreed to who may see/);
  });
});
