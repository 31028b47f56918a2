import { getControlDb } from "~/utils/db.server";

// 200 once the control database answers; 503 otherwise. Used by Docker and Fly health checks.
export async function loader() {
  try {
    getControlDb().$client.prepare("select 1").get();
    return new Response("ok", {
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
    });
  } catch (error) {
    console.error("healthz: control database unavailable", error);
    return new Response("control database unavailable", {
      status: 503,
      headers: { "Cache-Control": "no-store" },
    });
  }
}
