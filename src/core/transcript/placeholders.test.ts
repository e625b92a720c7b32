import { describe, expect, it } from 'vitest';
import { placeholderPartsOf, withPlaceholdersWorded } from './placeholders.ts';

describe('placeholders', () => {
  it.each<[string, ReturnType<typeof placeholderPartsOf>]>([
    ['', []],
    ['no placeholder', ['no placeholder']],
    ['{{cwd}}/workspace/src/cli.ts', [{ placeholder: 'cwd' }, '/workspace/src/cli.ts']],
    ['in {{cwd}} as {{sessionId}}.', ['in ', { placeholder: 'cwd' }, ' as ', { placeholder: 'sessionId' }, '.']],
    ['{{ cwd }} {{1x}} {{}} {x}', ['{{ cwd }} {{1x}} {{}} {x}']],
    ['{{{cwd}}}', ['{', { placeholder: 'cwd' }, '}']],
  ])('splits %j', (text, parts) => {
    expect(placeholderPartsOf(text)).toEqual(parts);
  });

  it('words every placeholder and leaves other text as it is', () => {
    expect(withPlaceholdersWorded('cd {{cwd}} && ls {{cwd}}/src', (name) => `<${name}>`)).toBe('cd <cwd> && ls <cwd>/src');
    const plain = 'a {b} c';
    expect(withPlaceholdersWorded(plain, () => 'x')).toBe(plain);
  });
});
