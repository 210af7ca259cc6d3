/*
 * The fetching half of app/lib/webfont.ts, loaded when the first page is idle. It imports nothing from
 * there (the key comes as an argument), so the page's own modules stay as they are.
 */

/** The faces of body text, headings and strong text (styles/fonts.css), as `FontFaceSet.load` takes them. */
export const WARM_FACES = ['400 1em "Public Sans"', '600 1em "Public Sans"', '700 1em "Public Sans"'] as const;

interface WarmEnvironment {
  fonts: Pick<FontFaceSet, "load" | "check">;
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  saveData: boolean;
  /** The storage key that marks the faces as fetched (`WEBFONT_STORAGE_KEY` of webfont.ts). */
  key: string;
}

/**
 * Fetches the faces unless they were fetched before or the connection asks to save data; remembers them
 * once every face has loaded. Resolves to whether the faces are at hand.
 */
export async function warmWebfont({ fonts, storage, saveData, key }: WarmEnvironment): Promise<boolean> {
  if (storage?.getItem(key) === "1") return true;
  if (saveData) return false;
  try {
    await Promise.all(WARM_FACES.map((face) => fonts.load(face)));
  } catch {
    return false;
  }
  if (!WARM_FACES.every((face) => fonts.check(face))) return false;
  try {
    storage?.setItem(key, "1");
  } catch {
    // storage full or denied: the faces still serve this visit's next page
  }
  return true;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** This browser's faces, storage and data-saving wish. */
export function warmBrowserWebfont(key: string): Promise<boolean> {
  const saveData = Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
  return warmWebfont({ fonts: document.fonts, storage: browserStorage(), saveData, key });
}
