/**
 * The schema library of src/core: zod's tree-shakable `zod/mini` (functional wrappers and `.check()` in place of
 * method chains; the same parser and issues as classic zod), with zod's English messages, which the errors that name
 * a field quote (`sessionId: Invalid input: expected string, received undefined`). Every schema module imports `z`
 * from here, so the messages are configured before any parse, in the browser and in the host alike.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };

/**
 * A schema built on its first use rather than when its module is evaluated: the browser's entry chunk evaluates every
 * protocol module before its first render, and building the schemas there put zod's construction before the
 * composer's first paint. It is zod's own `z.lazy` (a real schema: it parses, composes into other schemas, narrows
 * and words its issues exactly like the built one), whose getter zod runs once and keeps; a parse then costs one
 * call more per lazy level, and no read goes through a Proxy.
 * @param build builds the schema (called at most once, on the first parse or composition that needs it)
 * @returns a schema standing for the built one (`z.infer` of it is the built one's)
 */
export function lazily<T extends z.ZodMiniType>(build: () => T): z.ZodMiniLazy<T> {
  return z.lazy(build);
}

/**
 * A table of values (a method table of schemas) whose every entry is built on its first read, alone: reading one
 * method's schemas builds that method's only. Each entry is an enumerable own property (`in`, `hasOwnProperty`,
 * `Object.keys` answer as for the built table) that turns into a plain data property once built, so later reads
 * cost nothing more.
 * @param builders one function per key building its entry (called at most once; what it throws is thrown to that
 *   read, and the next read tries again)
 * @returns the table; its prototype is `Object.prototype`, as for an object literal
 */
export function lazyEntries<B extends Record<string, () => unknown>>(builders: B): { readonly [K in keyof B]: ReturnType<B[K]> } {
  const table = {} as { [K in keyof B]: ReturnType<B[K]> };
  for (const key of Object.keys(builders)) {
    Object.defineProperty(table, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = builders[key]!();
        Object.defineProperty(table, key, { value, enumerable: true, writable: false, configurable: false });
        return value;
      },
    });
  }
  return table;
}
