/**
 * Test helper: what a test can still reach after a full garbage collection. `collectGarbage` runs V8's collector
 * (the `gc` function, exposed at run time: no Node flag needed); `weakly` keeps only weak references, so an object
 * another part of the program still holds is the only kind that survives it. For tests of what a view keeps once
 * it is rendered (a parsed tree, a cache), never of how much memory something takes.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Run a full garbage collection now, after the current task's pending microtasks and timers of 0 ms (a `WeakRef`
 * read in the same job keeps its target alive until the job ends).
 * @returns when it ran
 */
export async function collectGarbage(): Promise<void> {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  for (let i = 0; i < 2; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

/** Weak references to objects, to count those still held by someone else after {@link collectGarbage}. */
export class Weakly<T extends object> {
  private readonly refs: WeakRef<T>[] = [];
  /** Remember `value` weakly. */
  add(value: T): void {
    this.refs.push(new WeakRef(value));
  }
  /** How many were remembered. */
  get size(): number {
    return this.refs.length;
  }
  /** How many are still alive (call after {@link collectGarbage}). */
  alive(): number {
    return this.refs.filter((ref) => ref.deref() !== undefined).length;
  }
}
