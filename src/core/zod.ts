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
 * A schema (or a table of schemas) built on its first use rather than when its module is evaluated: the browser's
 * entry chunk evaluates every protocol module before its first render, and building the schemas there put zod's
 * construction before the composer's first paint. The value answers every read, `in`, key listing and prototype
 * query as the built one does, so it parses, composes into other schemas and narrows exactly like it; `build` runs
 * once, on the first such access.
 * @param build builds the value (called at most once; what it throws is thrown to that first access, and retried
 *   on the next)
 * @returns a stand-in for the built value
 */
export function lazily<T extends object>(build: () => T): T {
  let built: T | undefined;
  const value = (): T => (built ??= build());
  return new Proxy(Object.create(null) as T, {
    get: (_target, key) => Reflect.get(value(), key),
    set: (_target, key, next) => Reflect.set(value(), key, next),
    has: (_target, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // The stand-in itself holds no property, so each one reported must be configurable (a Proxy invariant).
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(value(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
