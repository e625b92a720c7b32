import { beforeEach, expect, it } from 'vitest';
import { useComposerDraftStore } from '../features/composer/draft-store.ts';
import { moveToComposer } from './dock.tsx';

beforeEach(() => {
  useComposerDraftStore.setState({ drafts: {} });
});

it.each([
  [undefined, 'Why two flags?', 'Why two flags?'],
  ['   ', 'Why two flags?', 'Why two flags?'],
  ['Earlier draft\n', 'Why two flags?', 'Earlier draft\n\nWhy two flags?'],
])('moves Chat about it feedback into the composer draft (draft %j + %j → %j)', (before, feedback, after) => {
  if (before !== undefined) useComposerDraftStore.getState().setDraft('s1', before);
  moveToComposer('s1', feedback);
  expect(useComposerDraftStore.getState().drafts.s1).toBe(after);
  expect(useComposerDraftStore.getState().drafts.s2).toBeUndefined();
});
