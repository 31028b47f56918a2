// Run by big-community.ts (in its own process, on the e2e server's DATA_DIR): the 500-resident
// community, a paused community with contact details, and two empty communities (one per
// Playwright project) for the getting-started checklist.
import { BIG, seedBigCommunity } from "../../helpers/big-community";
import {
  createCommunity,
  getCommunityBySubdomain,
  setCommunityActive,
} from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { hashPassword } from "~/utils/password.server";
import { ROLE } from "~/utils/roles";

await seedBigCommunity();
if (!getCommunityBySubdomain("pausedcare")) {
  const paused = createCommunity({
    name: "Paused Pines",
    subdomain: "pausedcare",
    email: "hello@pausedcare.example",
    phone: "(555) 010-0300",
    address: "3 Pine Way",
    city: "Springfield",
  });
  setCommunityActive(paused.id, false);
}
const passwordHash = await hashPassword(BIG.password);
for (const project of ["js", "nojs"]) {
  const sub = `newcare-${project}`;
  if (getCommunityBySubdomain(sub)) continue;
  const c = createCommunity({ name: `New Leaf ${project}`, subdomain: sub });
  await createUser({
    tenantId: c.id,
    username: "new.admin",
    email: `admin@${sub}.example`,
    displayName: "Nia New",
    role: ROLE.administrator,
    passwordHash,
  });
}
