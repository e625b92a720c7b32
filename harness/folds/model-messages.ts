/**
 * The model-facing conversation of a session, derived from its log on every step (the loop keeps no copy): user
 * messages (plugin notices marked `notice`), assistant text with its tool calls, and tool results named by their call.
 * Every other event is left out. Pure.
 */
import { assistantContentOf, toolResultOf, userTextOf } from '../../src/core/log/content.ts';
import type { SessionEvent, ToolCallData, UserMessageData } from '../../src/core/log/types.ts';
import type { ModelMessage } from '../types.ts';

/**
 * The conversation a model is given for a step.
 * @param events - a session log in seq order
 * @returns one message per `user/message`, `assistant/message` and `tool/result` (a result without a readable
 *   tool-result block is left out; its `name` is the one its `tool/call` logged, `''` when none was)
 */
export function messagesOf(events: readonly SessionEvent[]): ModelMessage[] {
  const names = new Map<string, string>();
  const messages: ModelMessage[] = [];
  for (const event of events) {
    if (event.type === 'user/message') {
      const source = (event.data as UserMessageData | null)?.source;
      messages.push({ role: 'user', text: userTextOf(event), source: source?.kind === 'plugin' ? 'notice' : 'user' });
    } else if (event.type === 'assistant/message') {
      const content = assistantContentOf(event) ?? [];
      const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      const toolCalls = content.flatMap((block) => (block.type === 'tool-call' ? [{ id: block.id, name: block.name, arguments: block.arguments }] : []));
      messages.push({ role: 'assistant', text, toolCalls });
    } else if (event.type === 'tool/call') {
      const data = event.data as ToolCallData;
      if (typeof data?.callId === 'string') names.set(data.callId, data.name);
    } else if (event.type === 'tool/result') {
      const result = toolResultOf(event);
      if (!result) continue;
      const callId = result.callId ?? '';
      const text = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
      messages.push({ role: 'tool', toolCallId: callId, name: names.get(callId) ?? '', text, isError: result.isError });
    }
  }
  return messages;
}
