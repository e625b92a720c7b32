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
