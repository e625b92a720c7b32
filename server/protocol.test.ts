/**
 * Runs the shared protocol scenario table (testing/protocol-scenarios.ts) against the real server
 * on loopback, one fresh harness per scenario.
 */
import { afterEach, it } from 'vitest';
import { protocolScenarios, type ProtocolDriver } from '../testing/protocol-scenarios.ts';
import { createServerDriver } from '../testing/server-driver.ts';

const open: ProtocolDriver[] = [];
afterEach(async () => {
  for (const driver of open.splice(0)) await driver.close();
});

it.each(protocolScenarios.map((s) => [s.name, s] as const))(
  '%s',
  async (_name, scenario) => {
    const driver = await createServerDriver();
    open.push(driver);
    await scenario.run(driver);
  },
  20_000,
);
