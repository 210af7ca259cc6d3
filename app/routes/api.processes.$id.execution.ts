import { executionAction } from "~server/api/processes.server";

/** POST only: a GET is a 405 naming POST. */
export const loader = executionAction;
export const action = executionAction;
