/**
 * Runs the session-modes protocol scenario table (testing/modes-scenarios.ts) against the real server on
 * loopback, one fresh harness with the `mode` plugin per scenario.
 */
import { afterEach, it } from 'vitest';
import { MODES_PLUGINS, modesProtocolScenarios } from '../testing/modes-scenarios.ts';
import type { ProtocolDriver } from '../testing/protocol-scenarios.ts';
import { createServerDriver } from '../testing/server-driver.ts';

const open: ProtocolDriver[] = [];
afterEach(async () => {
  for (const driver of open.splice(0)) await driver.close();
});

it.each(modesProtocolScenarios.map((s) => [s.name, s] as const))(
  '%s',
  async (_name, scenario) => {
    const driver = await createServerDriver({ plugins: MODES_PLUGINS });
    open.push(driver);
    await scenario.run(driver);
  },
  20_000,
);
