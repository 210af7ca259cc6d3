import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS } from "./contact";
import { DATA_SHARE_FIELDS } from "./data-share";
import { fieldError, readValues } from "./fields";
import { contactSchema, dataShareSchema, validateForm } from "./schemas";

const contact = {
  name: "Asha Rana",
  email: "asha@example.org",
  organisation: "Department of Hydrology and Meteorology",
  country: "NPL",
  topic: "data-request",
  message: "Please share daily rainfall for Koshi basin stations, 1991-2020.",
};

const dataShare = {
  title: "Daily rainfall, Koshi basin stations",
  sector: "Weather & Climate",
  link: "https://data.example.org/koshi-rainfall",
  description: "Daily rainfall at 42 stations of the Koshi basin, 1991-2020, as CSV, updated yearly.",
  licence: "CC-BY-4.0",
  contactEmail: "curator@example.org",
};

const contactErrors = (values: Partial<typeof contact>) => validateForm(contactSchema, CONTACT_FIELDS, { ...contact, ...values });
const shareErrors = (values: Partial<typeof dataShare>) => validateForm(dataShareSchema, DATA_SHARE_FIELDS, { ...dataShare, ...values });

describe("contact form schema", () => {
  it("accepts a complete message and trims the text", () => {
    const result = validateForm(contactSchema, CONTACT_FIELDS, { ...contact, name: "  Asha Rana  " });
    expect(result).toEqual({ ok: true, data: contact });
  });
  it("organisation is optional", () => {
    expect(contactErrors({ organisation: "" }).ok).toBe(true);
  });
  it.each([
    ["name", "", "Name is required"],
    ["name", "   ", "Name is required"],
    ["name", "x".repeat(121), "Name must be at most 120 characters long"],
    ["email", "", "Email is required"],
    ["email", "asha@example", "Email must be a valid email address"],
    ["email", `${"a".repeat(250)}@example.org`, "Email must be at most 254 characters long"],
    ["organisation", "x".repeat(201), "Organisation must be at most 200 characters long"],
    ["country", "", "Country is required"],
    ["country", "CHN", "Country must be one of the listed options"],
    ["topic", "", "Topic is required"],
    ["topic", "gossip", "Topic must be one of the listed options"],
    ["message", "", "Message is required"],
    ["message", "Too short", "Message must be at least 20 characters long"],
    ["message", "x".repeat(5001), "Message must be at most 5000 characters long"],
  ])("%s %j: %s", (field, value, message) => {
    expect(contactErrors({ [field]: value })).toEqual({ ok: false, errors: { [field]: message } });
  });
  it("accepts each of the eight countries", () => {
    for (const country of ["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"]) {
      expect(contactErrors({ country }).ok, country).toBe(true);
    }
  });
  it("lists the errors of an empty form in the order of the fields", () => {
    const result = validateForm(contactSchema, CONTACT_FIELDS, readValues(CONTACT_FIELDS, new URLSearchParams()));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(["name", "email", "country", "topic", "message"]);
  });
  it("refuses fields it does not know", () => {
    expect(contactSchema.safeParse({ ...contact, admin: "yes" }).success).toBe(false);
  });
});

describe("data-sharing form schema", () => {
  it("accepts a complete offer", () => {
    expect(validateForm(dataShareSchema, DATA_SHARE_FIELDS, dataShare)).toEqual({ ok: true, data: dataShare });
  });
  it.each([
    ["title", "", "Dataset title is required"],
    ["title", "Rain", "Dataset title must be at least 5 characters long"],
    ["title", "x".repeat(201), "Dataset title must be at most 200 characters long"],
    ["sector", "", "Sector is required"],
    ["sector", "Astrology", "Sector must be one of the listed options"],
    ["link", "", "Link is required"],
    ["link", "data.example.org/koshi", "Link must be a web address starting with http:// or https://"],
    ["link", "ftp://data.example.org/koshi", "Link must be a web address starting with http:// or https://"],
    ["link", `https://example.org/${"x".repeat(2000)}`, "Link must be at most 2000 characters long"],
    ["description", "", "Description is required"],
    ["description", "Rainfall data.", "Description must be at least 30 characters long"],
    ["description", "x".repeat(5001), "Description must be at most 5000 characters long"],
    ["licence", "", "Licence is required"],
    ["licence", "proprietary", "Licence must be one of the listed options"],
    ["contactEmail", "", "Contact email is required"],
    ["contactEmail", "curator at example.org", "Contact email must be a valid email address"],
  ])("%s %j: %s", (field, value, message) => {
    expect(shareErrors({ [field]: value })).toEqual({ ok: false, errors: { [field]: message } });
  });
  it("accepts each of the eight catalogue sectors", () => {
    for (const sector of ["Administrative", "Environment", "Social", "Weather & Climate", "Water Resources", "Disaster Management", "Agriculture", "Transport"]) {
      expect(shareErrors({ sector }).ok, sector).toBe(true);
    }
  });
});

describe("fieldError (the browser's instant check)", () => {
  it("gives the same message as the schema, one rule at a time", () => {
    const email = CONTACT_FIELDS.find((f) => f.name === "email")!;
    expect(fieldError(email, "")).toBe("Email is required");
    expect(fieldError(email, "asha@")).toBe("Email must be a valid email address");
    expect(fieldError(email, " asha@example.org ")).toBeNull();
  });
  it("reads missing and non-text values as empty text", () => {
    const data = new FormData();
    data.set("name", new Blob(["x"]));
    expect(readValues(CONTACT_FIELDS, data).name).toBe("");
    expect(readValues(CONTACT_FIELDS, data).email).toBe("");
  });
});
