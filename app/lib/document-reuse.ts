/**
 * Set by the renderer (`app/entry.server.tsx`) on a document the server's document cache
 * (`server/document-cache.server.ts`) may keep; removed before the response leaves.
 */
export const REUSABLE_HEADER = "x-sacap-reusable";
