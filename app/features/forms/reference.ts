import type { FormKind } from "./forms";

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or retyped is not misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PREFIX: Record<FormKind, string> = { contact: "CT", "data-share": "DS" };
const PATTERN = /^(CT|DS)-([0-9A-HJKMNP-TV-Z]{4})-([0-9A-HJKMNP-TV-Z]{4})-([0-9A-HJKMNP-TV-Z]{4})-([0-9A-HJKMNP-TV-Z]{4})$/;

/** Random bits in a reference: 80, so references cannot be guessed or enumerated. */
export const REFERENCE_BITS = 80;

/**
 * A new submission reference such as `CT-7K3M-9QXR-2B5T-WZ4H`: the form's prefix and 16 characters
 * from 10 random bytes (80 bits) of the platform's cryptographic generator.
 */
export function newReference(kind: FormKind, random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(REFERENCE_BITS / 8));
  let bits = 0;
  let buffer = 0;
  let text = "";
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return `${PREFIX[kind]}-${text.match(/.{4}/g)!.join("-")}`;
}

/** The form a reference belongs to, or null when the text is not a reference (case and spaces forgiven). */
export function parseReference(text: string | null | undefined): { reference: string; kind: FormKind } | null {
  const reference = (text ?? "").trim().toUpperCase();
  const match = PATTERN.exec(reference);
  if (!match) return null;
  return { reference, kind: match[1] === "CT" ? "contact" : "data-share" };
}
