import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered on the server (decision 015). Inline
 * scripts the server renders carry it; in the browser it is empty (scripts rendered there do not run).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
