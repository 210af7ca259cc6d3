import { getOnly, jobListLoader } from "~server/api/processes.server";

export const loader = jobListLoader;
export const action = getOnly;
