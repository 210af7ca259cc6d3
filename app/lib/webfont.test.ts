import { describe, expect, it } from "vitest";
import { WEBFONT_ATTRIBUTE, WEBFONT_STORAGE_KEY, webfontScript } from "./webfont";
import { WARM_FACES, warmWebfont } from "./webfont-warm";

/** A font set whose faces load (or fail) as told, recording what was asked. */
function fontSet(fail: string[] = []) {
  const loaded = new Set<string>();
  const asked: string[] = [];
  return {
    asked,
    load: async (face: string) => {
      asked.push(face);
      if (fail.includes(face)) throw new Error("network");
      loaded.add(face);
      return [] as FontFace[];
    },
    check: (face: string) => loaded.has(face),
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe("warmWebfont", () => {
  it("fetches the body, heading and strong faces and remembers them once all have loaded", async () => {
    const fonts = fontSet();
    const storage = memoryStorage();
    expect(await warmWebfont({ fonts, storage, saveData: false, key: WEBFONT_STORAGE_KEY })).toBe(true);
    expect(fonts.asked).toEqual([...WARM_FACES]);
    expect(storage.items.get(WEBFONT_STORAGE_KEY)).toBe("1");
  });

  it("remembers nothing when one face fails, so the next page keeps the system face", async () => {
    const fonts = fontSet([WARM_FACES[1]]);
    const storage = memoryStorage();
    expect(await warmWebfont({ fonts, storage, saveData: false, key: WEBFONT_STORAGE_KEY })).toBe(false);
    expect(storage.items.has(WEBFONT_STORAGE_KEY)).toBe(false);
  });

  it("fetches nothing on a connection that asks to save data, nor when the faces were fetched before", async () => {
    const saving = fontSet();
    expect(await warmWebfont({ fonts: saving, storage: memoryStorage(), saveData: true, key: WEBFONT_STORAGE_KEY })).toBe(false);
    expect(saving.asked).toEqual([]);
    const known = fontSet();
    expect(await warmWebfont({ fonts: known, storage: memoryStorage({ [WEBFONT_STORAGE_KEY]: "1" }), saveData: false, key: WEBFONT_STORAGE_KEY })).toBe(true);
    expect(known.asked).toEqual([]);
  });

  it("still serves this visit when the browser keeps no storage", async () => {
    const throwing = { getItem: () => null, setItem: () => { throw new Error("quota"); } };
    expect(await warmWebfont({ fonts: fontSet(), storage: throwing, saveData: false, key: WEBFONT_STORAGE_KEY })).toBe(true);
    expect(await warmWebfont({ fonts: fontSet(), storage: undefined, saveData: false, key: WEBFONT_STORAGE_KEY })).toBe(true);
  });
});

describe("webfontScript", () => {
  function run(stored: string | null, storageThrows = false) {
    const attributes = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("denied");
        return key === WEBFONT_STORAGE_KEY ? stored : null;
      },
    };
    const document = { documentElement: { setAttribute: (k: string, v: string) => void attributes.set(k, v) } };
    new Function("localStorage", "document", webfontScript())(localStorage, document);
    return attributes;
  }

  it("marks the document before first paint only when the faces were fetched by an earlier page", () => {
    expect(run("1").has(WEBFONT_ATTRIBUTE)).toBe(true);
    expect(run(null).has(WEBFONT_ATTRIBUTE)).toBe(false);
    expect(run("0").has(WEBFONT_ATTRIBUTE)).toBe(false);
  });

  it("leaves the document alone when storage is denied", () => {
    expect(run(null, true).size).toBe(0);
  });
});
