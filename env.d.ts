/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// the express server hands each request its CSP nonce (scripts/server.ts)
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    cspNonce?: string;
  }
}

export {};
