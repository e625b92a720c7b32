/** One transcript row by its kind: a message, a tool, command, plan or question card, a to-do line, or a quiet system line. */
import type { TranscriptItem } from '../../../core/transcript/fold.ts';
import { AssistantMessage } from './assistant-message.tsx';
import { CommandCard } from './command-card.tsx';
import { PlanCard } from './plan-card.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuietLine } from './quiet-line.tsx';
import { TodoLine } from './todo-line.tsx';
import { ToolCard } from './tool-card.tsx';
import { UserMessage } from './user-message.tsx';

/** @param item the folded row */
export function Row({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return <UserMessage item={item} />;
    case 'assistant':
      return <AssistantMessage item={item} />;
    case 'tool':
      if (item.name === 'exit_plan_mode') return <PlanCard item={item} />;
      if (item.name === 'ask_user_question') return <QuestionCard item={item} />;
      if (item.name === 'todo_write') return <TodoLine item={item} />;
      return <ToolCard item={item} />;
    case 'command':
      return <CommandCard item={item} />;
    case 'notice':
    case 'plan-mode':
    case 'mode':
    case 'turn-end':
      return <QuietLine item={item} />;
    default: {
      const never: never = item;
      return never;
    }
  }
}
