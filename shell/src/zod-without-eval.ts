import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and its test for that counts as a
// violation of the page's CSP, which allows no eval (api/src/platform/security-headers.ts). The
// setting lives on globalThis, so it holds for the remotes' copies of zod too. Imported first by
// bootstrap.tsx: it must run before any schema is made.
config({ jitless: true });
