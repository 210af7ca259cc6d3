import { useCallback, useSyncExternalStore } from "react";

/** One dataset in the user's data basket (kept in this browser). */
export interface BasketItem {
  id: string;
  name: string;
  /** The entry's page in the portal. */
  href: string;
  /** The provider's page, when there is one. */
  link?: string;
  addedAt: string;
}

export const BASKET_KEY = "sacap-basket";
const EMPTY: BasketItem[] = [];
let cache: { raw: string | null; items: BasketItem[] } = { raw: null, items: EMPTY };
const listeners = new Set<() => void>();

function isItem(value: unknown): value is BasketItem {
  const v = value as BasketItem;
  return typeof v === "object" && v !== null && typeof v.id === "string" && typeof v.name === "string" && typeof v.href === "string";
}

/** Reads the basket; a damaged stored value counts as an empty basket. */
export function parseBasket(raw: string | null): BasketItem[] {
  if (!raw) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isItem) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Adds items not already there (by id), keeping the order they were added in. */
export function addToBasket(items: BasketItem[], added: BasketItem[]): BasketItem[] {
  const ids = new Set(items.map((i) => i.id));
  return [...items, ...added.filter((item) => !ids.has(item.id) && ids.add(item.id))];
}

function read(): BasketItem[] {
  const raw = window.localStorage.getItem(BASKET_KEY);
  if (raw !== cache.raw) cache = { raw, items: parseBasket(raw) };
  return cache.items;
}

function write(items: BasketItem[]) {
  window.localStorage.setItem(BASKET_KEY, JSON.stringify(items));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === BASKET_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The data basket, shared by every table and tab of this browser. The server render sees it empty. */
export function useBasket() {
  const items = useSyncExternalStore(subscribe, read, () => EMPTY);
  const add = useCallback((added: BasketItem[]) => write(addToBasket(read(), added)), []);
  const remove = useCallback((id: string) => write(read().filter((item) => item.id !== id)), []);
  const clear = useCallback(() => write([]), []);
  return { items, add, remove, clear };
}
