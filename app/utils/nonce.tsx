import { createContext, useContext, type ReactNode } from "react";

// The per-request CSP nonce, made by the server and handed to <Scripts> and friends.
const NonceContext = createContext<string>("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
