/**
 * Readers of message content across the recorded dsh payload shapes: `assistant/message` carries either
 * `data.message.content` or a bare `data.content`; `tool/result` carries either tool-result blocks in
 * `data.message.content` or a bare `data.content` with `data.callId`/`data.isError`
 * (fixtures/dsh-recordings/README.md). Non-object content entries are dropped; nothing here throws.
 */
import type { ContentBlock, SessionEvent } from './types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function blocksOf(value: unknown): ContentBlock[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((block): block is ContentBlock => isRecord(block) && typeof block.type === 'string');
}

/** `data.message.content` when it is an array, else `data.content` when it is an array. */
function messageContentOf(data: unknown): ContentBlock[] | undefined {
  if (!isRecord(data)) return undefined;
  const nested = isRecord(data.message) ? blocksOf(data.message.content) : undefined;
  return nested ?? blocksOf(data.content);
}

/**
 * The content blocks of an `assistant/message` event, from either recorded shape.
 * @param event - any logged event
 * @returns the blocks (text, reasoning, tool-call, …) in order, or `undefined` when the event is another
 *   kind or carries no content array
 */
export function assistantContentOf(event: SessionEvent): ContentBlock[] | undefined {
  if (event?.type !== 'assistant/message') return undefined;
  return messageContentOf(event.data);
}

/**
 * The result of a `tool/result` event, from either recorded shape. For the nested shape the content of
 * every `tool-result` block is concatenated, `callId` is the first block's `toolCallId` (else
 * `data.callId`, else `message.source.callId`) and `isError` is true when any block says so; a nested
 * message without tool-result blocks is read as plain content.
 * @param event - any logged event
 * @returns `{callId, content, isError}` (`callId` undefined when the log names none), or `undefined` when
 *   the event is another kind or carries no content array
 */
export function toolResultOf(event: SessionEvent): { callId: string | undefined; content: ContentBlock[]; isError: boolean } | undefined {
  if (event?.type !== 'tool/result' || !isRecord(event.data)) return undefined;
  const data = event.data;
  const dataCallId = typeof data.callId === 'string' ? data.callId : undefined;
  const message = isRecord(data.message) ? data.message : undefined;
  const nested = message ? blocksOf(message.content) : undefined;
  if (nested !== undefined) {
    const results = nested.filter((block): block is Extract<ContentBlock, { type: 'tool-result' }> => block.type === 'tool-result');
    const sourceCallId = isRecord(message?.source) && typeof message.source.callId === 'string' ? message.source.callId : undefined;
    if (results.length === 0) {
      return { callId: dataCallId ?? sourceCallId, content: nested, isError: data.isError === true };
    }
    const firstId = results[0]?.toolCallId;
    return {
      callId: (typeof firstId === 'string' ? firstId : undefined) ?? dataCallId ?? sourceCallId,
      content: results.flatMap((block) => blocksOf(block.content) ?? []),
      isError: results.some((block) => block.isError === true) || data.isError === true,
    };
  }
  const bare = blocksOf(data.content);
  if (bare === undefined) return undefined;
  return { callId: dataCallId, content: bare, isError: data.isError === true };
}

/**
 * The text of a `user/message` event: its `text` blocks joined with `\n` (images and other blocks are left
 * out). Accepts `data.content` and `data.message.content`.
 * @param event - any logged event
 * @returns the joined text; `''` when the event is another kind or has no text block
 */
export function userTextOf(event: SessionEvent): string {
  if (event?.type !== 'user/message') return '';
  const blocks = messageContentOf(event.data);
  if (blocks === undefined) return '';
  const texts: string[] = [];
  for (const block of blocks) if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
  return texts.join('\n');
}
