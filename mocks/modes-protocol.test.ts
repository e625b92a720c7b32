/**
 * Runs the session-modes protocol scenario table (testing/modes-scenarios.ts) against the MSW adapter:
 * fetch and WebSocket in happy-dom, intercepted by `mocks/node.ts` over a fresh mock harness with the `mode`
 * plugin per scenario.
 */
import { afterEach, beforeEach, it } from 'vitest';
import { MODES_PLUGINS, modesProtocolScenarios } from '../testing/modes-scenarios.ts';
import { resetMockHarness } from './node.ts';
import { mswDriver } from '../testing/msw-driver.ts';

beforeEach(() => resetMockHarness({ plugins: MODES_PLUGINS }));
afterEach(() => mswDriver.close());

it.each(modesProtocolScenarios.map((s) => [s.name, s] as const))(
  '%s',
  async (_name, scenario) => {
    await scenario.run(mswDriver);
  },
  20_000,
);
