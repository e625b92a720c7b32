/**
 * The fit behind BYTES_PER_TOKEN: least squares through the origin of the captured host's own token counts
 * (`contextBreakdown.systemTokens`, `toolsTokens`) against the UTF-8 bytes of the same system prompt and tool catalog.
 * The captures' `usage` is not a measure of their prompts: the host replayed a recording whose prompts were other
 * (its headers are templated), and replayed that recording's usage verbatim.
 */
import { describe, expect, it } from 'vitest';
import { RECORDING_NAMES, readFixture, readRecordingFixture } from '../../../fixtures/paths.ts';
import { BYTES_PER_TOKEN, utf8Length } from './tokens.ts';

interface Point {
  bytes: number;
  tokens: number;
  hostTokens?: number;
}

type Json = Record<string, unknown>;

/** The redaction marker of the captures: `[redacted: N chars of prompt/tool-schema text]` (ASCII text, so N bytes). */
function sizeOf(text: string): number {
  const marker = /^\[redacted: (\d+) chars of prompt\/tool-schema text\]$/.exec(text);
  return marker ? Number(marker[1]) : utf8Length(text);
}

function messageBytes(data: Json): number {
  const message = (data.message ?? data) as Json;
  const blocks = Array.isArray(message.content) ? (message.content as Json[]) : [];
  let bytes = 0;
  for (const block of blocks) {
    if (block.type === 'text' && typeof block.text === 'string') bytes += utf8Length(block.text);
    if (block.type === 'tool-call') bytes += utf8Length(String(block.name)) + utf8Length(String(block.arguments));
    if (block.type === 'tool-result') bytes += messageBytes(block);
  }
  return bytes;
}

/** Every step of the captured mux frames: its prompt bytes, measured tokens and the host's own contextBreakdown. */
function capturedPoints(): Point[] {
  const points: Point[] = [];
  let messages = 0;
  let header: { system: number; tools: number } | undefined;
  let breakdown: Json | undefined;
  let promptBytes: number | undefined;
  let hostTokens: number | undefined;
  for (const line of readFixture('dsh-frames', 'ws-events.mux.jsonl').split('\n')) {
    if (line.trim() === '') continue;
    const payload = ((JSON.parse(line) as Json).frame as Json | undefined)?.payload as Json | undefined;
    if (payload?.type === 'session/projection' && payload.key === 'contextBreakdown') breakdown = payload.value as Json;
    if (payload?.type !== 'session/event') continue;
    const event = payload.event as { type: string; data: Json };
    if (event.type === 'request/header') {
      const h = event.data.header as Json;
      header = { system: sizeOf(String(h.system)), tools: sizeOf(String(h.tools)) };
    }
    if (event.type === 'step/start') [promptBytes, hostTokens] = [undefined, undefined];
    if (event.type === 'assistant/chunk' || event.type === 'assistant/message') {
      if (header && promptBytes === undefined) {
        promptBytes = header.system + header.tools + messages;
        const b = breakdown as { systemTokens?: number; toolsTokens?: number } | undefined;
        hostTokens = b?.systemTokens ? b.systemTokens + (b.toolsTokens ?? 0) : undefined;
      }
    }
    if (event.type === 'assistant/message') {
      const usage = event.data.usage as { inputTokens: number; cacheReadTokens?: number } | undefined;
      if (usage && promptBytes !== undefined) points.push({ bytes: promptBytes, tokens: usage.inputTokens + (usage.cacheReadTokens ?? 0), hostTokens });
    }
    if (['user/message', 'assistant/message', 'tool/result'].includes(event.type)) messages += messageBytes(event.data);
  }
  return points;
}

/** k = Σb² / Σbt (the least-squares slope of tokens = bytes ÷ k). */
function fit(points: Point[]): number {
  const bb = points.reduce((sum, p) => sum + p.bytes * p.bytes, 0);
  const bt = points.reduce((sum, p) => sum + p.bytes * p.tokens, 0);
  return bb / bt;
}

/** Every header of the captured mux frames: system and tool bytes, and the host's contextBreakdown right after it. */
function breakdownPoints(): Point[] {
  const points: Point[] = [];
  let header: { system: number; tools: number } | undefined;
  for (const line of readFixture('dsh-frames', 'ws-events.mux.jsonl').split('\n')) {
    if (line.trim() === '') continue;
    const payload = ((JSON.parse(line) as Json).frame as Json | undefined)?.payload as Json | undefined;
    if (payload?.type === 'session/event' && (payload.event as Json).type === 'request/header') {
      const h = ((payload.event as Json).data as Json).header as Json;
      header = { system: sizeOf(String(h.system)), tools: sizeOf(String(h.tools)) };
    }
    if (header && payload?.type === 'session/projection' && payload.key === 'contextBreakdown') {
      const b = payload.value as { systemTokens: number; toolsTokens: number };
      if (b.systemTokens > 0) points.push({ bytes: header.system, tokens: b.systemTokens }, { bytes: header.tools, tokens: b.toolsTokens });
      header = undefined;
    }
  }
  return points;
}

describe('the token-estimate rule', () => {
  it('pins BYTES_PER_TOKEN to the least-squares fit of the host counts against the bytes of the same text', () => {
    const points = breakdownPoints();
    // Two headers (plan mode on, then off), each with its system prompt and tool catalog.
    expect(points).toHaveLength(4);
    const k = fit(points);
    expect(BYTES_PER_TOKEN).toBe(Math.round(k * 10) / 10);
    // Each text on its own lies within 5 % of the fitted rule.
    for (const p of points) expect(Math.abs(p.bytes / BYTES_PER_TOKEN - p.tokens) / p.tokens).toBeLessThan(0.05);
  });

  it("does not fit the captures' usage: it is the recording's usage replayed, and dsh's inputTokens leaves out the cache reads", () => {
    const recorded = readRecordingFixture('plan-review')
      .split('\n')
      .filter((line) => line.includes('"assistant/message"') && line.includes('"usage"'))
      .map((line) => ((JSON.parse(line) as Json).data as Json).usage);
    const captured: unknown[] = [];
    const totals: Json[] = [];
    for (const line of readFixture('dsh-frames', 'ws-events.mux.jsonl').split('\n')) {
      if (line.trim() === '') continue;
      const payload = ((JSON.parse(line) as Json).frame as Json | undefined)?.payload as Json | undefined;
      if (payload?.type === 'session/event' && (payload.event as Json).type === 'assistant/message')
        captured.push(((payload.event as Json).data as Json).usage);
      if (payload?.type === 'session/projection' && payload.key === 'tokenUsage') totals.push(payload.value as Json);
    }
    expect(captured.length).toBeGreaterThan(0);
    for (const usage of captured) expect(recorded).toContainEqual(usage);
    // The host's running totals: uncachedInputTokens sums inputTokens, cacheReadTokens is counted beside it.
    const steps = captured as { inputTokens: number; cacheReadTokens: number }[];
    expect(totals.at(-1)).toMatchObject({
      uncachedInputTokens: steps.reduce((n, u) => n + u.inputTokens, 0),
      cacheReadTokens: steps.reduce((n, u) => n + u.cacheReadTokens, 0),
    });
    // Were it a measure of the captured prompts, it would be at least the host's count of their system and tools.
    const points = capturedPoints().filter((p) => p.hostTokens !== undefined);
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p.tokens).toBeLessThan(p.hostTokens!);
  });

  it('leaves out the recordings whose headers are templated: their prompt size is not in the log', () => {
    for (const name of RECORDING_NAMES) {
      const headers = readRecordingFixture(name)
        .split('\n')
        .filter((line) => line.includes('"request/header"'));
      expect(headers.length).toBeGreaterThan(0);
      for (const line of headers) expect(line).toContain('"system":"{{system}}"');
    }
  });
});
