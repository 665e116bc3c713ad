import { createContext, useContext } from 'react';

/** The text a refused visitor reads on the sign-in page before being sent to the storefront, or null. */
export const RefusalContext = createContext<string | null>(null);

/** The current refusal text, if someone was turned away. */
export function useRefusal(): string | null {
  return useContext(RefusalContext);
}
