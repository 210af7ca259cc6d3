import type { FieldSpec } from "./fields";
import { COUNTRY_OPTIONS, TOPIC_OPTIONS } from "./options";

/** The contact form (/contact/form): its fields and the rules of each (`schemas.ts` makes its zod schema). */
export const CONTACT_FIELDS = [
  { name: "name", label: "Name", control: "text", required: true, max: 120, autoComplete: "name" },
  {
    name: "email",
    label: "Email",
    control: "email",
    required: true,
    max: 254,
    autoComplete: "email",
    hint: "We use it only to answer you.",
  },
  { name: "organisation", label: "Organisation", control: "text", max: 200, autoComplete: "organization" },
  { name: "country", label: "Country", control: "select", required: true, max: 3, options: COUNTRY_OPTIONS },
  { name: "topic", label: "Topic", control: "select", required: true, max: 20, options: TOPIC_OPTIONS },
  {
    name: "message",
    label: "Message",
    control: "textarea",
    required: true,
    min: 20,
    max: 5000,
    hint: "For a data question, name the dataset, area and period.",
  },
] as const satisfies readonly FieldSpec[];
