// The kiosk's staff mode on real databases: the cookie it sets is good for this kiosk of this
// community only, for an active member of staff whose password is unchanged, and for five
// minutes after the last page.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { controlSchema, getControlDb, type Community } from "~/utils/db.server";
import {
  KIOSK_STAFF_IDLE_MS,
  hasKioskStaffCookie,
  kioskStaffCookie,
  readKioskStaff,
} from "~/utils/kiosk-staff.server";

let dir: string;
let maple: Community;
let oak: Community;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dir = useTempDataDir();
  maple = createCommunity({ name: "Maple Court", subdomain: "maple", timeZone: "UTC" });
  oak = createCommunity({ name: "Oak Hill", subdomain: "oakhill", timeZone: "UTC" });
  for (const [key, tenantId, role] of [
    ["marcus", maple.id, "staff"],
    ["linda", maple.id, "administrator"],
    ["sarah", maple.id, "family"],
    ["olive", oak.id, "staff"],
  ] as const) {
    const user = await createUser({
      tenantId,
      username: key,
      email: `${key}@x.example`,
      displayName: `${key[0]!.toUpperCase()}${key.slice(1)} Test`,
      role,
      password: "storyloom-demo",
    });
    ids[key] = user.id;
  }
});
afterAll(() => cleanupDataDir(dir));

/** A request to the kiosk carrying the cookie a Set-Cookie header set. */
function requestWith(setCookie: string): Request {
  return new Request("http://maple.storyloom.localhost/kiosk/staff", {
    headers: { Cookie: setCookie.split(";")[0]! },
  });
}

describe("staff mode at the kiosk", () => {
  it("names the member of staff on the kiosk that started it, for five minutes", async () => {
    const now = Date.now();
    const set = await kioskStaffCookie(maple, "kiosk-1", ids.marcus!, now);
    expect(set).toMatch(/Path=\/kiosk/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(new RegExp(`Max-Age=${KIOSK_STAFF_IDLE_MS / 1000}`));
    const request = requestWith(set);
    expect(await hasKioskStaffCookie(request)).toBe(true);
    expect(await readKioskStaff(request, maple, "kiosk-1", now + 60_000)).toMatchObject({
      userId: ids.marcus,
      displayName: "Marcus Test",
    });
    // another kiosk, another community, or past its five minutes: nobody
    expect(await readKioskStaff(request, maple, "kiosk-2", now)).toBeNull();
    expect(await readKioskStaff(request, oak, "kiosk-1", now)).toBeNull();
    expect(
      await readKioskStaff(request, maple, "kiosk-1", now + KIOSK_STAFF_IDLE_MS + 1),
    ).toBeNull();
  });

  it("ends when the password changes or the account is switched off", async () => {
    const set = await kioskStaffCookie(maple, "kiosk-1", ids.linda!);
    expect(await readKioskStaff(requestWith(set), maple, "kiosk-1")).not.toBeNull();
    const { users } = controlSchema;
    getControlDb()
      .update(users)
      .set({ passwordHash: "changed" })
      .where(eq(users.id, ids.linda!))
      .run();
    expect(await readKioskStaff(requestWith(set), maple, "kiosk-1")).toBeNull();
    const again = await kioskStaffCookie(maple, "kiosk-1", ids.linda!);
    expect(await readKioskStaff(requestWith(again), maple, "kiosk-1")).not.toBeNull();
    getControlDb().update(users).set({ isActive: false }).where(eq(users.id, ids.linda!)).run();
    expect(await readKioskStaff(requestWith(again), maple, "kiosk-1")).toBeNull();
  });

  it("is never a family member's, nor another community's staff's, nor a forged cookie's", async () => {
    const family = await kioskStaffCookie(maple, "kiosk-1", ids.sarah!);
    expect(await readKioskStaff(requestWith(family), maple, "kiosk-1")).toBeNull();
    const olive = await kioskStaffCookie(oak, "kiosk-1", ids.olive!);
    expect(await readKioskStaff(requestWith(olive), maple, "kiosk-1")).toBeNull();
    const good = await kioskStaffCookie(maple, "kiosk-1", ids.marcus!);
    const [pair] = good.split(";");
    const [name, value] = pair!.split("=") as [string, string];
    const token = JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString()) as string;
    const [payload, mac] = token.split(".") as [string, string];
    const fields = JSON.parse(Buffer.from(payload, "base64url").toString()) as unknown[];
    fields[2] = ids.linda;
    const forgedPayload = Buffer.from(JSON.stringify(fields)).toString("base64url");
    const forged = Buffer.from(JSON.stringify(`${forgedPayload}.${mac}`)).toString("base64");
    const request = new Request("http://maple.storyloom.localhost/kiosk/staff", {
      headers: { Cookie: `${name}=${encodeURIComponent(forged)}` },
    });
    expect(await hasKioskStaffCookie(request)).toBe(true);
    expect(await readKioskStaff(request, maple, "kiosk-1")).toBeNull();
  });
});
