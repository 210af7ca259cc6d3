import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { formLoader, submitForm } from "~/features/forms/route.server";
import { RoutePage } from "~/components/RoutePage";
import { FORMS } from "~/features/forms/forms";
import { formHeaders } from "~/features/forms/headers";
import { SubmissionForm } from "~/features/forms/SubmissionForm";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { captcha: true, fresh: true };

export const loader = (args: LoaderFunctionArgs) => formLoader(FORMS["data-share"], args);

export const action = (args: ActionFunctionArgs) => submitForm(FORMS["data-share"], args);

export const headers = formHeaders;

export default function DataShareRoute() {
  return (
    <RoutePage path="/data/share">
      <SubmissionForm form={FORMS["data-share"]} />
    </RoutePage>
  );
}

export const meta = routeMeta("/data/share");
