import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';
import { cacheBoundaryOf, cutSystemPrompt, policyBytesOf, policySpanOf, toolCatalogOf } from '../src/core/model-view/analysis.ts';
import type { ModelView } from '../src/core/model-view/fold.ts';
import { utf8Length } from '../src/core/model-view/tokens.ts';
import { say } from '../testing/fake-model.ts';
import { createTestHarness } from '../testing/harness-fixture.ts';
import { MODES_PLUGINS } from '../testing/modes-scenarios.ts';
import type { ReferenceHarness } from './harness.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let rpc = 0;
async function value(host: ReferenceHarness, method: string, payload: unknown): Promise<Json> {
  const response = await host.handleRequest(method, clientRequest(method, payload, `mv${++rpc}`));
  if (!response.result.ok) throw new Error(`${method}: ${response.result.error.message}`);
  return response.result.value as Json;
}
async function prompt(host: ReferenceHarness, sessionId: string, text: string) {
  await value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text }] });
  await host.engine.idle();
}
async function command(host: ReferenceHarness, sessionId: string, line: string) {
  await value(host, 'commands/execute', { args: { agentId: sessionId, line, images: [] } });
  await host.engine.idle();
}
async function modelViewOf(host: ReferenceHarness, sessionId: string): Promise<ModelView> {
  return (await value(host, 'session.history', { sessionId })).projections.values.modelView as ModelView;
}

/** The kinds of the captured real-host frames' events (fixtures/dsh-frames), chunks left out, and their headers. */
function captured(): { kinds: string[]; headers: Json[] } {
  const kinds: string[] = [];
  const headers: Json[] = [];
  for (const line of readFixture('dsh-frames', 'ws-events.mux.jsonl').split('\n')) {
    if (line.trim() === '') continue;
    const payload = (JSON.parse(line) as Json).frame?.payload;
    if (payload?.type !== 'session/event' || payload.event.type === 'assistant/chunk') continue;
    kinds.push(payload.event.type);
    if (payload.event.type === 'request/header') headers.push(payload.event.data);
  }
  return { kinds, headers };
}

/** Every header sits in a step: before it only the step's own messages (and a derived title) back to its step/start. */
function expectHeadersInsideSteps(kinds: readonly string[]) {
  kinds.forEach((kind, i) => {
    if (kind !== 'request/header') return;
    let j = i - 1;
    while (j > 0 && ['user/message', 'session/title'].includes(kinds[j]!)) j--;
    expect(kinds[j]).toBe('step/start');
  });
}

describe('request headers of the reference harness, as the real host logs them', () => {
  it('logs a header on the first request and on every change only, reason initial then change, {config, system, tools} with tools a JSON string', async () => {
    const { host } = createTestHarness([say('a'), say('b'), say('c'), say('d')]);
    const sessionId = host.engine.createSession();
    await prompt(host, sessionId, 'one');
    await prompt(host, sessionId, 'two');
    await command(host, sessionId, '/plan');
    await prompt(host, sessionId, 'three');
    await command(host, sessionId, '/plan off');
    await prompt(host, sessionId, 'four');
    const events = host.engine.log(sessionId)!.events;
    const headers = events.filter((e) => e.type === 'request/header').map((e) => e.data as Json);
    const steps = events.filter((e) => e.type === 'step/start');
    expect(steps).toHaveLength(4);
    expect(headers.map((h) => h.reason)).toEqual(['initial', 'change', 'change']);

    const real = captured();
    expect(real.headers.map((h) => h.reason)).toEqual(['initial', 'change']);
    for (const ours of headers) {
      expect(Object.keys(ours).sort()).toEqual(Object.keys(real.headers[0]!).sort());
      expect(Object.keys(ours.header).sort()).toEqual(Object.keys(real.headers[0]!.header).sort());
      expect(typeof ours.header.tools).toBe('string');
      expect(Array.isArray(JSON.parse(ours.header.tools))).toBe(true);
      expect(typeof ours.header.system).toBe('string');
      expect(Object.keys(ours.header.config).sort()).toEqual(['model', 'provider']);
    }
    // The real host logs each header inside its step, after the step's messages: so does the reference harness.
    expectHeadersInsideSteps(real.kinds);
    expectHeadersInsideSteps(events.map((e) => e.type));
    // No two consecutive headers are equal: a header is logged only when it changed.
    for (let i = 1; i < headers.length; i++) expect(JSON.stringify(headers[i]!.header)).not.toBe(JSON.stringify(headers[i - 1]!.header));
  });
});

describe('the modelView projection over generated logs', () => {
  it('switch mid-session: the plan-on step gets plan:policy at order 50, the boundary at its start, the notice, and leaving takes it away', async () => {
    const { host } = createTestHarness([say('a'), say('b'), say('c')]);
    const sessionId = host.engine.createSession();
    await prompt(host, sessionId, 'one');
    await command(host, sessionId, '/plan');
    await prompt(host, sessionId, 'two');
    await command(host, sessionId, '/plan off');
    await prompt(host, sessionId, 'three');
    const view = await modelViewOf(host, sessionId);
    expect(view.steps.map((s) => [s.turn, s.step, s.header, s.changed])).toEqual([
      [1, 1, 0, true],
      [2, 1, 1, true],
      [3, 1, 2, true],
    ]);
    expect(view.headers.map((h) => [h.reason, h.state])).toEqual([
      ['initial', { kind: 'initial' }],
      ['change', { kind: 'plan', active: true }],
      ['change', { kind: 'plan', active: false }],
    ]);
    expect(view.steps[1]!.notices).toHaveLength(1);
    expect(view.steps[2]!.notices).toHaveLength(1);
    const on = cutSystemPrompt(view.headers[1]!, view.catalog, undefined);
    expect(on.map((c) => [c.name, c.order, c.policy])).toEqual([
      ['base', 0, false],
      ['plan:policy', 50, true],
    ]);
    expect(on.map((c) => c.text).join('')).toBe(view.headers[1]!.system);
    const off = cutSystemPrompt(view.headers[2]!, view.catalog, undefined);
    expect(off.map((c) => c.name)).toEqual(['base']);
    const entering = cacheBoundaryOf(view.headers[0], view.headers[1]!, { current: on, previous: off }, utf8Length);
    expect(entering).toMatchObject({ changed: true, from: 'plan:policy', fromPolicy: true, reusableBytes: utf8Length(view.headers[0]!.system) });
    const leaving = cacheBoundaryOf(view.headers[1], view.headers[2]!, { current: off, previous: on }, utf8Length);
    expect(leaving).toMatchObject({ changed: true, from: 'plan:policy', fromPolicy: true });
    // The dsh rule (no catalog) finds the same span from the on/off pair.
    expect(policySpanOf(view.headers)).toBe(on[1]!.text.trim());
    expect(policyBytesOf(view, utf8Length)).toBe(utf8Length(on[1]!.text.trim()));
    expect(
      toolCatalogOf(view.headers[2]!.tools)!
        .filter((t) => t.alwaysPresent)
        .map((t) => t.name),
    ).toEqual(['exit_plan_mode']);
  });

  it('switch twice net zero: on then off while idle changes no header, and the next step says nothing changed', async () => {
    const { host } = createTestHarness([say('a'), say('b')]);
    const sessionId = host.engine.createSession();
    await prompt(host, sessionId, 'one');
    await command(host, sessionId, '/plan');
    await command(host, sessionId, '/plan off');
    await prompt(host, sessionId, 'two');
    const view = await modelViewOf(host, sessionId);
    expect(view.headers).toHaveLength(1);
    expect(view.steps.map((s) => [s.header, s.changed, s.notices.length])).toEqual([
      [0, true, 0],
      [0, false, 0],
    ]);
    expect(cacheBoundaryOf(view.headers[0], view.headers[0]!, { current: [], previous: [] }, utf8Length)).toEqual({
      changed: false,
      totalBytes: utf8Length(view.headers[0]!.system) + utf8Length(view.headers[0]!.tools),
    });
  });

  it('session-modes variant: mode:policy at order 50 and the exit tool only in plan mode', async () => {
    const { host } = createTestHarness([say('a'), say('b'), say('c')], { plugins: MODES_PLUGINS });
    const sessionId = host.engine.createSession();
    await prompt(host, sessionId, 'one');
    await command(host, sessionId, '/mode review');
    await prompt(host, sessionId, 'two');
    await command(host, sessionId, '/mode plan');
    await prompt(host, sessionId, 'three');
    const view = await modelViewOf(host, sessionId);
    expect(view.headers.map((h) => h.state)).toEqual([{ kind: 'initial' }, { kind: 'mode', mode: 'review' }, { kind: 'mode', mode: 'plan' }]);
    const review = cutSystemPrompt(view.headers[1]!, view.catalog, undefined);
    expect(review.map((c) => [c.name, c.order, c.policy])).toEqual([
      ['base', 0, false],
      ['mode:policy', 50, true],
    ]);
    expect(review[1]!.text).toContain('review mode');
    expect(toolCatalogOf(view.headers[1]!.tools)!.map((t) => t.name)).not.toContain('exit_plan_mode');
    expect(toolCatalogOf(view.headers[2]!.tools)!.map((t) => t.name)).toContain('exit_plan_mode');
    const boundary = cacheBoundaryOf(
      view.headers[1],
      view.headers[2]!,
      { current: cutSystemPrompt(view.headers[2]!, view.catalog, undefined), previous: review },
      utf8Length,
    );
    expect(boundary).toMatchObject({ changed: true, from: 'mode:policy', fromPolicy: true });
    // Without the catalog the span rule finds the same text from the default-mode header and the review-mode one.
    expect(policySpanOf(view.headers)).toBe(review[1]!.text.trim());
  });
});

describe('the modelView projection on the live stream', () => {
  it('rides the tail page only: a live run of many steps sends no modelView frame, projection bytes grow with the steps, not their square', async () => {
    const N = 12;
    const { host, mux } = createTestHarness(Array.from({ length: N }, (_, i) => say(`answer ${i}`)));
    const sessionId = host.engine.createSession();
    const perPrompt: number[] = [];
    for (let i = 0; i < N; i++) {
      const before = mux.length;
      await prompt(host, sessionId, `prompt ${i}`);
      if (i === N / 2) await command(host, sessionId, '/plan');
      const frames = mux
        .slice(before)
        .filter((f) => f.method === 'session/projection')
        .map((f) => f.payload as Json);
      expect(frames.filter((p: Json) => p.key === 'modelView')).toEqual([]);
      perPrompt.push(frames.reduce((n: number, p: Json) => n + JSON.stringify(p).length, 0));
    }
    // Each prompt's projection frames weigh about the same: the last prompt's no more than twice the first's.
    expect(perPrompt.at(-1)!).toBeLessThanOrEqual(2 * perPrompt[0]!);
    // The tail page still carries the whole view.
    const view = await modelViewOf(host, sessionId);
    expect(view.steps).toHaveLength(N);
    expect(view.headers.length).toBeGreaterThanOrEqual(2);
  });
});
