import type { Env } from "./env.server";
import { getSeeds } from "./seeds.server";
import { createReferenceService, type ReferenceService } from "./services/reference.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    env: Env;
    reference: ReferenceService;
  }
}

/**
 * The services loaders and resource routes use, built once at start-up (which validates the seeds: a
 * broken seed stops the server here, before it listens).
 */
export function createLoadContext(env: Env) {
  const seeds = getSeeds();
  return { env, reference: createReferenceService(seeds) };
}
