/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// the express server hands each request its CSP nonce (server/index.ts)
declare module "@remix-run/server-runtime" {
  // loaders return plain objects or data(); the hooks' types follow single fetch (turbo-stream)
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cspNonce?: string;
  }
}

export {};
