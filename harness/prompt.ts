/**
 * System-prompt assembly from ordered sections (docs/upstream-spec.md §1.3: `plan:policy` sits at order 50).
 * A section renders per agent (or with no agent); an empty rendering contributes no text and is not listed,
 * so an inactive plan mode costs nothing and changes nothing before order 50.
 */

/** One system-prompt section. `render` gets the agent id, or `undefined` for an assembly with no agent. */
export interface PromptSection {
  name: string;
  order: number;
  render(agentId: string | undefined): string;
}

/** The assembled system prompt and the names of the sections that contributed text, in order. */
export interface AssembledPrompt {
  system: string;
  sections: string[];
}

/**
 * Assemble the system prompt: sections sorted by `order` (stable for ties), non-empty renderings joined
 * with a blank line.
 * @param sections - the registered sections
 * @param agentId - the agent the request is for (`undefined`: no agent)
 */
export function assemblePrompt(sections: readonly PromptSection[], agentId: string | undefined): AssembledPrompt {
  const parts: string[] = [];
  const names: string[] = [];
  for (const section of [...sections].sort((a, b) => a.order - b.order)) {
    const text = section.render(agentId);
    if (text === '') continue;
    parts.push(text);
    names.push(section.name);
  }
  return { system: parts.join('\n\n'), sections: names };
}

/** The base section (order 0) of the reference harness. */
export const BASE_SECTION: PromptSection = {
  name: 'base',
  order: 0,
  render: () =>
    'You are the coding agent of the ui-plan reference harness. You work in a small virtual workspace (a toy CLI ' +
    'project) through the list_files, read_file and write_file tools, and you can ask the user questions with ' +
    'ask_user_question. Keep answers short and concrete.',
};
