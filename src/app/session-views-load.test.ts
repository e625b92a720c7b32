import { expect, it, vi } from 'vitest';

// The Reviews view's chunk never arrives (a slow network): the other two must not wait for it.
const asked = vi.hoisted(() => ({ reviews: 0, model: 0, progress: 0 }));
vi.mock('../features/reviews/session-reviews.tsx', async () => {
  asked.reviews += 1;
  await new Promise(() => {});
  return {};
});
vi.mock('../features/model-view/session-model-view.tsx', () => {
  asked.model += 1;
  return { default: () => null };
});
vi.mock('../features/plan-progress/plan-progress.tsx', () => {
  asked.progress += 1;
  return { default: () => null };
});

it('loadSessionViews asks for the Reviews, model view and Plan progress chunks at once, not one after another', async () => {
  const { loadSessionViews } = await import('./session-view.tsx');
  void loadSessionViews();
  await vi.waitFor(() => expect(asked).toEqual({ reviews: 1, model: 1, progress: 1 }));
});
