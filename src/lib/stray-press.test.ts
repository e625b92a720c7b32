/**
 * `guardStrayPress` lets the second press of a double-click do nothing when it lands on another element than the first
 * click (what took the clicked control's place), and leaves every other press alone.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { guardStrayPress as guard, MULTI_PRESS_MS, type FirstPress } from './stray-press.ts';

let approve: HTMLButtonElement;
let send: HTMLButtonElement;
let composer: HTMLTextAreaElement;
let sent: number;
const stops: (() => void)[] = [];

/** Start a guard, stopped after the test (its timers may not have run). */
function guardStrayPress(first: FirstPress) {
  const stop = guard(first);
  stops.push(stop);
  return stop;
}

beforeEach(() => {
  document.body.innerHTML = '<button id="approve">Approve</button><textarea id="composer"></textarea><button id="send">Send</button>';
  approve = document.querySelector('#approve')!;
  send = document.querySelector('#send')!;
  composer = document.querySelector('#composer')!;
  sent = 0;
  send.addEventListener('click', () => (sent += 1));
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The first click on Approve, at (10, 10), which hides it and puts focus in the composer (a sent answer's outcome). */
function firstClick(): FirstPress {
  const click = new MouseEvent('click', { bubbles: true, detail: 1, clientX: 10, clientY: 10 });
  approve.dispatchEvent(click);
  approve.hidden = true;
  composer.focus();
  return { target: approve, at: click.timeStamp, x: 10, y: 10 };
}

/**
 * A whole press on `target` at (x, y): pointerdown, mousedown, pointerup, mouseup, click; which defaults were prevented.
 * `count` is the browser's click count (2: it continues a double-click).
 */
function press(target: HTMLElement, x = 11, y = 9, count = 2) {
  const init = { bubbles: true, cancelable: true, clientX: x, clientY: y, detail: count };
  target.dispatchEvent(new MouseEvent('pointerdown', init));
  const down = new MouseEvent('mousedown', init);
  target.dispatchEvent(down);
  target.dispatchEvent(new MouseEvent('pointerup', init));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  const click = new MouseEvent('click', init);
  target.dispatchEvent(click);
  return { down: down.defaultPrevented, click: click.defaultPrevented };
}

it('swallows the second press of a double-click that lands on what took the first one’s place', () => {
  guardStrayPress(firstClick());
  expect(press(send)).toEqual({ down: true, click: true });
  expect(sent).toBe(0);
  expect(document.activeElement).toBe(composer);
});

it('gives focus back when the press lands on a disabled control (no mouse events, focus falls to the page)', () => {
  guardStrayPress(firstClick());
  const init = { bubbles: true, cancelable: true, clientX: 10, clientY: 10 };
  send.disabled = true;
  send.dispatchEvent(new MouseEvent('pointerdown', init));
  composer.blur();
  send.dispatchEvent(new MouseEvent('pointerup', init));
  expect(document.activeElement).toBe(composer);
});

it.each([
  ['on the element first clicked, still shown', () => approve, 11, 9, 1],
  ['beside the element first clicked, still shown', () => send, 11, 9, 2],
  ['far from the first click', () => send, 200, 10, 2],
])('lets a press %s through', (name, target, x, y, sends) => {
  guardStrayPress(firstClick());
  if (name.endsWith('still shown')) approve.hidden = false;
  expect(press(target(), x, y)).toEqual({ down: false, click: false });
  // Only one press is watched: the next one goes through whatever it lands on.
  expect(press(send)).toEqual({ down: false, click: false });
  expect(sent).toBe(sends);
});

it('lets a press through that the browser does not count as the double-click’s second', () => {
  guardStrayPress(firstClick());
  expect(press(send, 11, 9, 1)).toEqual({ down: false, click: false });
  expect(sent).toBe(1);
});

it('stops watching once the double-click window is over', () => {
  vi.useFakeTimers();
  guardStrayPress(firstClick());
  vi.advanceTimersByTime(MULTI_PRESS_MS + 1);
  expect(press(send)).toEqual({ down: false, click: false });
  expect(sent).toBe(1);
});

it('stops watching once the scope it was given left the page', () => {
  const scope = document.createElement('section');
  document.body.append(scope);
  guardStrayPress({ ...firstClick(), scope });
  scope.remove();
  expect(press(send)).toEqual({ down: false, click: false });
});

it('stops watching when told to', () => {
  guardStrayPress(firstClick())();
  expect(press(send)).toEqual({ down: false, click: false });
});
