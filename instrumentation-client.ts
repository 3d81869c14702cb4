import { z } from "zod";

// Runs in the browser before the app's modules (Next.js's instrumentation-client), so before
// any schema is built. Zod 4 otherwise probes for eval with `new Function("")` to compile
// faster parsers; the strict CSP (proxy.ts) forbids eval, and the browser reports that
// probe as a violation even though Zod catches it and parses without compiling.
z.config({ jitless: true });
