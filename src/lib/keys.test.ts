import { expect, it } from 'vitest';
import { isComposing, isSendShortcut } from './keys.ts';

const key = (over: Partial<Parameters<typeof isSendShortcut>[0]> = {}) => ({ key: 'Enter', ctrlKey: false, metaKey: false, keyCode: 13, ...over });

it('sends on Ctrl+Enter and ⌘+Enter, never on a plain Enter or inside an IME composition', () => {
  expect(isSendShortcut(key({ ctrlKey: true }))).toBe(true);
  expect(isSendShortcut(key({ metaKey: true }))).toBe(true);
  expect(isSendShortcut(key())).toBe(false);
  expect(isSendShortcut(key({ key: 'a', ctrlKey: true }))).toBe(false);
  expect(isSendShortcut(key({ ctrlKey: true, keyCode: 229 }))).toBe(false);
  expect(isSendShortcut(key({ ctrlKey: true, nativeEvent: { isComposing: true } }))).toBe(false);
  expect(isComposing(key({ isComposing: true }))).toBe(true);
  expect(isComposing(key())).toBe(false);
});
