/**
 * The shared protocol scenario table (testing/protocol-scenarios.ts) against the MSW adapter: fetch and
 * WebSocket in happy-dom, intercepted by `mocks/node.ts` over a fresh mock harness per scenario.
 */
import { afterEach, it } from 'vitest';
import { protocolScenarios } from '../testing/protocol-scenarios.ts';
import { mswDriver } from '../testing/msw-driver.ts';

afterEach(() => mswDriver.close());

it.each(protocolScenarios.map((s) => [s.name, s] as const))(
  '%s',
  async (_name, scenario) => {
    await scenario.run(mswDriver);
  },
  20_000,
);
