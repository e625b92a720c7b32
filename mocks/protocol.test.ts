/**
 * The shared protocol scenario table (harness/testing/protocol-scenarios.ts) against the MSW adapter: fetch and
 * WebSocket in happy-dom, intercepted by `mocks/node.ts` over a fresh mocked host per scenario.
 */
import { afterEach, it } from 'vitest';
import { protocolScenarios } from '../harness/testing/protocol-scenarios.ts';
import { mswDriver } from './protocol-driver.ts';

afterEach(() => mswDriver.close());

it.each(protocolScenarios.map((s) => [s.name, s] as const))(
  '%s',
  async (_name, scenario) => {
    await scenario.run(mswDriver);
  },
  20_000,
);
