/** The process-level backstop of `ui-plan serve` (server/process-guard.ts): socket errors are survived, bugs exit 1. */
import { expect, it } from 'vitest';
import { uncaughtHandler } from './process-guard.ts';

const errno = (code: string) => Object.assign(new Error(`${code}: boom`), { code });

it.each([
  ['a peer reset', errno('ECONNRESET'), []],
  ['a write to a closed socket', errno('EPIPE'), []],
  ['a file removed while streamed', errno('ENOENT'), []],
  ['a write after end', errno('ERR_STREAM_WRITE_AFTER_END'), []],
  ['a TypeError (a bug)', new TypeError('x is undefined'), [1]],
  ['a thrown string', 'nope', [1]],
  ['an error with an unknown code', errno('EWHATEVER'), [1]],
])('logs %s and exits with %j', (_name, error, exits) => {
  const lines: string[] = [];
  const codes: number[] = [];
  uncaughtHandler(
    (l) => void lines.push(l),
    (c) => void codes.push(c),
  )(error);
  expect(codes).toEqual(exits);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(exits.length === 0 ? /still serving/ : /fatal uncaught error, exiting/);
});
