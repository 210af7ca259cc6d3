import { Form, useLocation, type FormProps } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * A Remix form that submits to the current page's path. Remix's own default action repeats the URL's
 * query, whatever it holds; the fields of the form are what the page reads.
 */
export const PageForm = forwardRef<HTMLFormElement, FormProps>(function PageForm(props, ref) {
  const { pathname } = useLocation();
  return <Form ref={ref} action={pathname} {...props} />;
});
