import type { Env } from "./env.server";
import { getSeeds } from "./seeds.server";
import { createCkanService, type CkanService } from "./services/ckan.server";
import { createReferenceService, type ReferenceService } from "./services/reference.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    env: Env;
    reference: ReferenceService;
    ckan: CkanService;
  }
}

/**
 * The services loaders and resource routes use, built once at start-up (which validates the seeds: a
 * broken seed stops the server here, before it listens).
 */
export function createLoadContext(env: Env) {
  const seeds = getSeeds();
  const reference = createReferenceService(seeds);
  return { env, reference, ckan: createCkanService(env.CKAN_URL, () => reference.list("getCatalogData")) };
}
