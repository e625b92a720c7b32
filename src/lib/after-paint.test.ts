/**
 * `idleAfterNextPaint` waits for the frame and then for an idle moment (bounded), so what it runs follows the tasks
 * right after the paint; cancel stops it at either step.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { afterNextPaint, focusStayed, idleAfterNextPaint } from './after-paint.ts';

let frames: FrameRequestCallback[];
let idles: { callback: IdleRequestCallback; timeout: number | undefined }[];

beforeEach(() => {
  frames = [];
  idles = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => void (frames[id - 1] = () => undefined));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => idles.push({ callback, timeout: options?.timeout }));
  vi.stubGlobal('cancelIdleCallback', (id: number) => void (idles[id - 1] = { callback: () => undefined, timeout: undefined }));
});

afterEach(() => vi.unstubAllGlobals());

const runFrame = () => frames.splice(0).forEach((frame) => frame(0));
const runIdle = () => idles.splice(0).forEach(({ callback }) => callback({ didTimeout: false, timeRemaining: () => 10 }));
const tasksAfterFrame = () => new Promise((resolve) => setTimeout(resolve, 10));

it('runs after the frame and the tasks right after it, once the page is idle (at most 100 ms later)', async () => {
  const ran: string[] = [];
  afterNextPaint(() => ran.push('after paint'));
  idleAfterNextPaint(() => ran.push('idle after paint'));
  await tasksAfterFrame();
  expect(ran).toEqual([]);
  runFrame();
  await tasksAfterFrame();
  expect(ran).toEqual(['after paint']);
  expect(idles.map((i) => i.timeout)).toEqual([100]);
  runIdle();
  expect(ran).toEqual(['after paint', 'idle after paint']);
});

it('runs nothing once cancelled, before or after the frame', () => {
  const ran: string[] = [];
  idleAfterNextPaint(() => ran.push('a'))();
  const cancel = idleAfterNextPaint(() => ran.push('b'));
  runFrame();
  cancel();
  runIdle();
  expect(ran).toEqual([]);
});

it.each([
  ['still on the element read before', () => document.querySelector('#before'), true],
  ['fallen to the page', () => document.body, true],
  ['on an element no longer rendered (hidden meanwhile)', () => document.querySelector('#hidden'), true],
  ['moved by the user to another shown element', () => document.querySelector('#other'), false],
])('focusStayed: focus %s counts as focus that stayed, or not', (_, where, stayed) => {
  document.body.innerHTML = '<button id="before">Before</button><button id="other">Other</button><div id="box"><textarea id="hidden"></textarea></div>';
  const before = document.querySelector<HTMLElement>('#before')!;
  before.focus();
  (where() as HTMLElement).focus();
  // The box hides after its textarea took focus, as the composer's slot does when a card takes its place.
  document.querySelector<HTMLElement>('#box')!.hidden = true;
  expect(focusStayed(before)).toBe(stayed);
  document.body.innerHTML = '';
});
