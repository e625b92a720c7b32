/**
 * The `held` project's fixture: `model` controls the gate in front of the test server's model (testing/held-serve.ts,
 * over its control port). A test that must act while a turn runs — press Stop, silence the downlink — holds the model
 * before the step it acts in, so the turn cannot end first. Each test ends with the gate released.
 */
import { expect, test as base } from '@playwright/test';

/** The gate as a test sees it. */
export interface HeldModel {
  /** From now on every model step waits before its first chunk (a cancelled one ends at once). */
  hold(): Promise<void>;
  /** Let every waiting and later step go on. */
  release(): Promise<void>;
  /** Resolves once a step waits at the gate (the turn is running and cannot move on). */
  waitUntilWaiting(): Promise<void>;
}

/** Playwright's `test` with the `model` fixture; the project sets `modelControlURL`. */
export const test = base.extend<{ model: HeldModel }, { modelControlURL: string }>({
  modelControlURL: ['', { option: true, scope: 'worker' }],
  model: async ({ modelControlURL, request }, use) => {
    if (modelControlURL === '') throw new Error('the held project sets modelControlURL (playwright.config.ts)');
    const post = async (path: string): Promise<void> => {
      expect((await request.post(`${modelControlURL}${path}`)).status()).toBe(204);
    };
    const model: HeldModel = {
      hold: () => post('/hold'),
      release: () => post('/release'),
      waitUntilWaiting: () =>
        expect
          .poll(async () => ((await (await request.get(`${modelControlURL}/state`)).json()) as { waiting: number }).waiting, { timeout: 30_000 })
          .toBeGreaterThan(0),
    };
    await use(model);
    await model.release();
  },
});

export { expect };
