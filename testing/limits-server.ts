/**
 * Test support: a child-process entry that serves the reference harness over `createUiPlanServer` with the client
 * limits given as JSON in `argv[2]` (scaled down by the tests), on memory storage, with a model that floods on
 * demand: a prompt `flood N SIZE` streams N text chunks of SIZE characters. Prints `listening on <url>` when ready;
 * the server's warnings (a slow downlink client closed, …) go to stderr.
 * Run as `node --import tsx testing/limits-server.ts '{"headersTimeoutMs":2000}'`. Never imported by product code.
 */
import { createHarness } from '../harness/harness.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import type { ModelChunk, ModelMessage, ModelProvider } from '../harness/types.ts';
import { createUiPlanServer } from '../server/http.ts';
import type { ClientLimits } from '../server/client-limits.ts';

const limits = JSON.parse(process.argv[2] ?? '{}') as Partial<ClientLimits>;

/** The text of the last user message of a request. */
function lastUserText(messages: readonly ModelMessage[]): string {
  for (const message of [...messages].reverse()) if (message.role === 'user') return message.text;
  return '';
}

const floodModel: ModelProvider = {
  provider: 'test',
  model: 'flood',
  async *stream(request) {
    const flood = /flood (\d+) (\d+)/.exec(lastUserText(request.messages));
    const count = Number(flood?.[1] ?? 1);
    const size = Number(flood?.[2] ?? 2);
    yield { type: 'block-start', index: 0, blockType: 'text' } satisfies ModelChunk;
    for (let i = 0; i < count; i++) {
      if (request.signal.aborted) throw new Error('aborted');
      yield { type: 'text-delta', index: 0, text: String(i % 10).repeat(size) } satisfies ModelChunk;
      // Let the server write between chunks, as a real model's pace does.
      await new Promise((resolve) => setImmediate(resolve));
    }
    yield { type: 'finish', reason: { kind: 'stop' } } satisfies ModelChunk;
  },
};

const harness = createHarness({ storage: new MemoryStorage(), model: floodModel, cwd: process.cwd(), logger: { warn: () => {} } });
const { server } = createUiPlanServer({ harness, limits, logger: { warn: (m) => console.error(m), error: (m, e) => console.error(m, e) } });
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening on http://127.0.0.1:${port}`);
});
