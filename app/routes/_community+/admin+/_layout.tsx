import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/admin/AreaLayout";
import { requireArea } from "~/utils/permissions.server";

export const meta: MetaFunction = () => [{ title: "Admin · Storyloom" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = await requireArea(request, "admin");
  return { facility: community.name };
}

const TABS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/residents", label: "Residents" },
  { to: "/admin/families", label: "Families" },
  { to: "/admin/stories", label: "Stories" },
  { to: "/admin/news", label: "News" },
  { to: "/admin/calendar", label: "Calendar" },
  { to: "/admin/email", label: "Email" },
];

export default function AdminLayout() {
  const { facility } = useLoaderData<typeof loader>();
  return <AreaLayout title="Admin Dashboard" intro={<p>Manage {facility}: residents, families, stories, news and events.</p>} tabs={TABS} navLabel="Admin sections" />;
}
