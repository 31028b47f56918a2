// Accounts on shared computers and with guessable passwords: a chosen password may not lean on the
// person's names, username or community, whether chosen at /invite or at /password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createUser } from "~/models/user.server";
import { addFamilyMemberWithInvitation } from "~/models/invitation.server";
import { getTenantDb, type Community } from "~/utils/db.server";
import { NAME_IN_PASSWORD } from "~/utils/password.server";
import { ROLE } from "~/utils/roles";
import * as loginRoute from "~/routes/_auth+/login";
import * as inviteRoute from "~/routes/_auth+/invite";
import * as passwordRoute from "~/routes/_auth+/password";

let dir: string;
let sunnybrook: Community;
let residentId: string;
const S = "http://sunnybrook.storyloom.localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });

async function signIn(username: string, password: string, fields: Record<string, string> = {}) {
  const res = (await loginRoute.action(
    args(post(`${S}/login`, "", { username, password, ...fields })),
  )) as Response;
  expect(res.status, username).toBe(302);
  return res;
}

beforeAll(async () => {
  dir = useTempDataDir();
  sunnybrook = createCommunity({ name: "Sunnybrook Gardens", subdomain: "sunnybrook" });
  await createUser({
    tenantId: sunnybrook.id,
    username: "linda",
    email: "linda@x.example",
    displayName: "Linda Park",
    role: ROLE.administrator,
    password: "orchard-lantern-password",
  });
  residentId = createResident(getTenantDb(sunnybrook), {
    firstName: "Margaret",
    lastName: "Ellis",
  }).id;
});
afterAll(() => cleanupDataDir(dir));

const NAMED = new RegExp(`^${NAME_IN_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `);

describe("a chosen password may not lean on the person's names, username or community", () => {
  it("is refused at /invite with a message that says why, and a passphrase is taken", async () => {
    const { invitation } = await addFamilyMemberWithInvitation(
      S,
      getTenantDb(sunnybrook),
      sunnybrook,
      { residentId, name: "Sarah Ellis", email: "sarah.ellis@x.example" },
      null,
    );
    expect(invitation.username).toBe("sarah.ellis");
    const token = new URL(invitation.url).searchParams.get("token")!;
    for (const password of [
      "sunnybrook2026",
      "Sunnybrook1!",
      "sarah.ellis1",
      "Margaret-Ellis",
      `${invitation.username}2026`,
    ]) {
      const refused = (await inviteRoute.action(
        args(post(`${S}/invite`, "", { token, password, confirmPassword: password })),
      )) as { result: { error: Record<string, string[]> } };
      expect(refused.result.error.password, password).toEqual([expect.stringMatching(NAMED)]);
    }
    const accepted = (await inviteRoute.action(
      args(
        post(`${S}/invite`, "", {
          token,
          password: "plum-kettle-harbour-9",
          confirmPassword: "plum-kettle-harbour-9",
        }),
      ),
    )) as Response;
    expect(accepted.headers.get("Location")).toBe("/family");
  });

  it("is refused at /password", async () => {
    const cookie = cookiesOf(await signIn("linda", "orchard-lantern-password"));
    for (const password of ["Sunnybrook1!", "linda2026!!", "Linda-Park-2026"]) {
      const refused = (await passwordRoute.action(
        args(
          post(`${S}/password`, cookie, {
            currentPassword: "orchard-lantern-password",
            newPassword: password,
            confirmPassword: password,
          }),
        ),
      )) as { error: Record<string, string[]> };
      expect(refused.error.newPassword, password).toEqual([expect.stringMatching(NAMED)]);
    }
  });
});
