import type { LoaderFunctionArgs } from "@remix-run/node";
import { profileViewAnswer } from "~/features/profile/view.server";
import { methodNotAllowed } from "~server/api/responses.server";

/** `/api/views/profile/:place`: what a place's profile page shows, as JSON (decision 026). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => profileViewAnswer(context, params.place ?? "", request);
export const action = methodNotAllowed;
