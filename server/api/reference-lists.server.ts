import { API_LIST_NAMES, API_LISTS, type ApiListName } from "../../app/store/contract";
import type { ReferenceService } from "../services/reference.server";
import { listAnswer } from "./reference-routes.server";
import { plainAnswers } from "./responses.server";

/**
 * The ten reference lists of the /api contract answered by Express before the Remix handler, with the
 * same answers as their resource routes (`listAnswer`): the lists never change while the server runs, so
 * under load these endpoints cost little more than sending bytes (bench/throughput.mjs).
 */
export function referenceLists(reference: ReferenceService) {
  const byPath = new Map<string, ApiListName>(API_LIST_NAMES.map((name) => [`/api/${API_LISTS[name].path}`, name]));
  return plainAnswers((path, _url, headers) => {
    const name = byPath.get(path);
    return name && listAnswer(reference, name, headers);
  });
}
