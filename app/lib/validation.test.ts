import { describe, expect, it } from "vitest";
import { validationMessages as m, validators as v } from "./validation";

describe("validation messages", () => {
  it("names the field and the rule", () => {
    expect(m.required("Email")).toBe("Email is required");
    expect(m.required()).toBe("This field is required");
    expect(m.email("Email")).toBe("Email must be a valid email address");
    expect(m.number("Year")).toBe("Year must be a number");
    expect(m.integer("Year")).toBe("Year must be an integer");
    expect(m.minLength(10, "Message")).toBe("Message must be at least 10 characters long");
    expect(m.maxLength(1, "Code")).toBe("Code must be at most 1 character long");
    expect(m.url("Link")).toBe("Link must be a web address starting with http:// or https://");
    expect(m.oneOf("Country")).toBe("Country must be one of the listed options");
  });
});

describe("validators", () => {
  it("required rejects blank text", () => {
    expect(v.required("")).toBe(false);
    expect(v.required("   ")).toBe(false);
    expect(v.required("x")).toBe(true);
  });
  it("email accepts addresses and leaves empty text to required", () => {
    expect(v.email("a@b.org")).toBe(true);
    expect(v.email("a@b")).toBe(false);
    expect(v.email("a b@c.org")).toBe(false);
    expect(v.email("")).toBe(true);
  });
  it("number and integer", () => {
    expect(v.number("3.5")).toBe(true);
    expect(v.number("-2e3")).toBe(true);
    expect(v.number("abc")).toBe(false);
    expect(v.number(" ")).toBe(false);
    expect(v.integer("42")).toBe(true);
    expect(v.integer("4.2")).toBe(false);
  });
  it("length bounds", () => {
    expect(v.minLength("abc", 3)).toBe(true);
    expect(v.minLength("ab", 3)).toBe(false);
    expect(v.maxLength("abcd", 3)).toBe(false);
    expect(v.maxLength("abc", 3)).toBe(true);
  });
  it("url accepts http(s) addresses with a domain and leaves empty text to required", () => {
    expect(v.url("https://data.example.org/set?id=1")).toBe(true);
    expect(v.url("http://example.org")).toBe(true);
    expect(v.url("ftp://example.org")).toBe(false);
    expect(v.url("example.org")).toBe(false);
    expect(v.url("https://localhost")).toBe(false);
    expect(v.url("https://exa mple.org")).toBe(false);
    expect(v.url("")).toBe(true);
  });
  it("oneOf accepts the listed options only", () => {
    expect(v.oneOf("NPL", ["NPL", "IND"])).toBe(true);
    expect(v.oneOf("XXX", ["NPL", "IND"])).toBe(false);
    expect(v.oneOf("", ["NPL"])).toBe(true);
  });
});
