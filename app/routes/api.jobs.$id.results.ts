import { getOnly, resultsLoader } from "~server/api/processes.server";

export const loader = resultsLoader;
export const action = getOnly;
