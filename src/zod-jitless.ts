/**
 * Imported first by the browser entry: zod's object schemas probe `new Function` for a JIT when they are built,
 * and under the server's CSP (no 'unsafe-eval', server/security-headers.ts) that probe alone is reported as a
 * violation. Parsing without the JIT gives the same results.
 */
import { config } from 'zod/mini';

config({ jitless: true });
