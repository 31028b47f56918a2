// GET /api/transcription-jobs/{id}: how far a transcription this user asked for has come
// (status, progress, elapsed seconds, and the text when done). The record wizard polls it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/api.server";
import { getJobOfUser, jobProgress, recoverCommunityJobs } from "~/models/transcription.server";
import { requireStoryteller } from "~/utils/permissions.server";
import { apiT } from "./__messages.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, community, db } = await requireStoryteller(request);
  recoverCommunityJobs(db, community.subdomain);
  const job = params.id ? getJobOfUser(db, user.id, params.id) : undefined;
  if (!job) return notFound((await apiT(request))("transcription.notFound"));
  return Response.json(jobProgress(db, community, job));
}
