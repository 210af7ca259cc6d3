import { getOnly, processLoader } from "~server/api/processes.server";

export const loader = processLoader;
export const action = getOnly;
