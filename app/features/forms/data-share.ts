import type { FieldSpec } from "./fields";
import { LICENCE_OPTIONS, SECTOR_OPTIONS } from "./options";

/** The data-sharing form (/data/share): its fields and the rules of each (`schemas.ts` makes its zod schema). */
export const DATA_SHARE_FIELDS = [
  { name: "title", label: "Dataset title", control: "text", required: true, min: 5, max: 200 },
  { name: "sector", label: "Sector", control: "select", required: true, max: 40, options: SECTOR_OPTIONS },
  {
    name: "link",
    label: "Link",
    control: "url",
    required: true,
    max: 2000,
    hint: "Where the data can be downloaded or requested.",
    placeholder: "https://",
  },
  {
    name: "description",
    label: "Description",
    control: "textarea",
    required: true,
    min: 30,
    max: 5000,
    hint: "What it measures, the area and period it covers, its format and how often it is updated.",
  },
  { name: "licence", label: "Licence", control: "select", required: true, max: 20, options: LICENCE_OPTIONS },
  {
    name: "contactEmail",
    label: "Contact email",
    control: "email",
    required: true,
    max: 254,
    autoComplete: "email",
    hint: "A data curator writes to this address about the dataset.",
  },
] as const satisfies readonly FieldSpec[];
