import { jobAction, jobLoader } from "~server/api/processes.server";

export const loader = jobLoader;
export const action = jobAction;
