// The form routes' loader and action live in server/forms; importing them through this `.server` module
// keeps them (and the database drivers behind them) out of the browser bundle.
export { formLoader, submitForm } from "~server/forms/submit.server";
