/**
 * The `/` command suggestions under the composer: a listbox whose options the textbox drives (combobox pattern:
 * `aria-activedescendant`), so a pointer may pick one but keys stay with the textbox.
 */
import type { CommandDescriptor } from '../../../core/protocol/methods.ts';

/** Props of {@link CommandList}. */
export interface CommandListProps {
  /** The listbox's id; each option is `<id>-<index>`. */
  id: string;
  /** The listbox's accessible name. */
  label: string;
  suggestions: readonly CommandDescriptor[];
  /** Index of the highlighted option. */
  highlighted: number;
  /** A pointer picked a command. */
  onPick: (command: CommandDescriptor) => void;
}

/** The suggestion list (see {@link CommandListProps}). */
export function CommandList({ id, label, suggestions, highlighted, onPick }: CommandListProps) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="composer__commands">
      {suggestions.map((command, index) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- combobox pattern: the textbox owns the keys (aria-activedescendant), the click is for pointers
        <li
          key={command.name}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === highlighted}
          className="composer__command"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(command)}
        >
          <span className="composer__command-name">/{command.name}</span>
          {command.input?.hint ? <span className="composer__command-hint">{command.input.hint}</span> : null}
          <span className="composer__command-description">{command.description}</span>
        </li>
      ))}
    </ul>
  );
}
