// GET /kiosk/transcription-jobs/{id}: the kiosk's record step asks how far its recording's
// transcription has come (the same answer as /api/transcription-jobs/{id}, for the kiosk session's
// own jobs only). Polled while she waits, so it keeps her session open like the record step.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/api.server";
import { asApiFailure, requireKioskResident } from "~/utils/permissions.server";
import { getJobOfUser, jobProgress, recoverCommunityJobs } from "~/models/transcription.server";
import { MAX_RECORDING_SECONDS } from "~/components/record/wizard";
import { residentT } from "./__kiosk.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, community, db, resident } = await requireKioskResident(request, {
    holdMs: MAX_RECORDING_SECONDS * 1000,
  }).catch(asApiFailure);
  recoverCommunityJobs(db, community.subdomain);
  const job = params.jobId ? getJobOfUser(db, actor.id, params.jobId) : undefined;
  if (!job)
    return notFound(
      (await residentT(request, db, community, resident.id))("transcriptionNotFound"),
    );
  return Response.json(jobProgress(db, community, job));
}
