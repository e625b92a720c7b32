import { describe, expect, it } from 'vitest';
import { composerKeyAction, type ComposerKey, type ComposerKeyState } from './keys.ts';

const key = (name: string, extra: Partial<ComposerKey> = {}): ComposerKey => ({ key: name, shiftKey: false, composing: false, ...extra });
const idle: ComposerKeyState = { draft: 'hello', highlighted: undefined, running: false };
const listing: ComposerKeyState = { draft: '/pla', highlighted: 'plan', running: true };

describe('composerKeyAction', () => {
  it.each([
    ['Enter sends', key('Enter'), idle, 'send'],
    ['Shift+Enter is a newline', key('Enter', { shiftKey: true }), idle, undefined],
    ['an IME Enter does nothing', key('Enter', { composing: true }), idle, undefined],
    ['Escape while idle does nothing', key('Escape'), idle, undefined],
    ['Escape while a turn runs stops it', key('Escape'), { ...idle, running: true }, 'stop'],
    ['a letter is typing', key('a'), idle, undefined],
    ['ArrowDown moves the highlight down', key('ArrowDown'), listing, 'highlight-next'],
    ['ArrowUp moves the highlight up', key('ArrowUp'), listing, 'highlight-previous'],
    ['Escape closes the list before it stops a turn', key('Escape'), listing, 'close-suggestions'],
    ['Tab completes', key('Tab'), listing, 'complete'],
    ['Shift+Tab leaves the textbox', key('Tab', { shiftKey: true }), listing, undefined],
    ['Enter completes a partial name', key('Enter'), listing, 'complete'],
    ['Enter sends an exact name as typed', key('Enter'), { ...listing, draft: '/plan' }, 'send'],
    ['an IME key does nothing while the list is open', key('ArrowDown', { composing: true }), listing, undefined],
    ['ArrowDown without a list does nothing', key('ArrowDown'), idle, undefined],
  ] as const)('%s', (_name, pressed, state, action) => {
    expect(composerKeyAction(pressed, state)).toBe(action);
  });
});
