import { pyaezViewLoader } from "~server/api/pyaez-view-route.server";
import { methodNotAllowed } from "~server/api/responses.server";

export const loader = pyaezViewLoader;
export const action = methodNotAllowed;
