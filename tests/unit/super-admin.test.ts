import { describe, expect, it } from "vitest";
import {
  CommunityFormSchema,
  CommunityJsonSchema,
  StaffJsonSchema,
  blankToUndefined,
} from "~/models/super-admin-forms.server";
import { ROLE_BADGE_CLASSES, roleBadgeClass } from "~/components/super-admin/role-colors";
import { auditActionLabel } from "~/models/audit.server";

describe("create community form", () => {
  it("needs a name and a subdomain; the rest is optional", () => {
    const result = CommunityFormSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(["name", "subdomain"]);
    expect(CommunityFormSchema.parse({ name: " Oak Lodge ", subdomain: " Oak-Lodge " })).toEqual({
      name: "Oak Lodge",
      subdomain: "oak-lodge",
    });
  });
  it("accepts an email only when it is well formed", () => {
    const bad = CommunityFormSchema.safeParse({
      name: "A",
      subdomain: "abc",
      email: "not-an-email",
    });
    expect(bad.error?.issues[0]?.message).toBe(
      "Enter a valid email address, like name@example.com",
    );
    expect(
      CommunityFormSchema.parse({ name: "A", subdomain: "abc", email: " a@b.example " }).email,
    ).toBe("a@b.example");
  });
  it("treats null and empty strings in JSON as absent", () => {
    expect(
      CommunityJsonSchema.parse({
        name: "A",
        subdomain: "abc",
        email: "",
        phone: null,
        city: "  ",
      }),
    ).toEqual({ name: "A", subdomain: "abc" });
    expect(blankToUndefined(["x"])).toEqual(["x"]);
  });
});

describe("add staff form", () => {
  it("drops a password sent by the client", () => {
    const parsed = StaffJsonSchema.parse({
      tenantId: "t1",
      username: "Bea",
      email: "bea@x.example",
      role: "staff",
      password: "TempPassword123!",
    });
    expect(parsed).toEqual({
      tenantId: "t1",
      username: "bea",
      email: "bea@x.example",
      role: "staff",
    });
  });
  it("offers only the staff and administrator roles and requires every field", () => {
    const result = StaffJsonSchema.safeParse({ role: "super_admin" });
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual([
      "email",
      "role",
      "tenantId",
      "username",
    ]);
    expect(
      StaffJsonSchema.safeParse({
        tenantId: "t",
        username: "a b",
        email: "a@b.example",
        role: "staff",
      }).success,
    ).toBe(false);
  });
});

describe("role badges", () => {
  it("use the product's four colours and a fifth one for family", () => {
    expect(roleBadgeClass("super_admin")).toMatch(/red/);
    expect(roleBadgeClass("administrator")).toMatch(/blue/);
    expect(roleBadgeClass("staff")).toMatch(/green/);
    expect(roleBadgeClass("resident")).toMatch(/purple/);
    expect(roleBadgeClass("family")).toMatch(/amber/);
    const hues = Object.values(ROLE_BADGE_CLASSES).map((c) => c.match(/bg-(\w+)-/)![1]);
    expect(new Set(hues).size).toBe(5);
  });
});

describe("audit log labels", () => {
  it("name impersonation in words and show unknown actions as recorded", () => {
    expect(auditActionLabel("impersonation.signed_in")).toBe("Signed in as");
    expect(auditActionLabel("something.else")).toBe("something.else");
  });
});
