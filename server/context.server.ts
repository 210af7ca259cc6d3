import type { Env } from "./env.server";
import { getSeeds } from "./seeds.server";
import { createReferenceService, type ReferenceService } from "./services/reference.server";
import { createSubmissionsService, type SubmissionsService } from "./services/submissions.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    env: Env;
    reference: ReferenceService;
    submissions: SubmissionsService;
    /** The client's address (behind a trusted proxy, the one it reports), set per request. */
    clientAddress: string;
  }
}

export type ServiceContext = ReturnType<typeof createLoadContext>;

/**
 * The services loaders and resource routes use, built once at start-up (which validates the seeds: a
 * broken seed stops the server here, before it listens). The database opens in `submissions.start()`.
 */
export function createLoadContext(env: Env) {
  const seeds = getSeeds();
  return {
    env,
    reference: createReferenceService(seeds),
    submissions: createSubmissionsService({
      databaseUrl: env.DATABASE_URL,
      retentionDays: env.SUBMISSION_RETENTION_DAYS,
      rateLimit: { limit: env.FORM_RATE_LIMIT, windowSeconds: env.FORM_RATE_WINDOW_SECONDS },
      formSecret: env.FORM_SECRET,
    }),
  };
}
