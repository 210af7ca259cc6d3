import { getOnly, processListLoader } from "~server/api/processes.server";

export const loader = processListLoader;
export const action = getOnly;
