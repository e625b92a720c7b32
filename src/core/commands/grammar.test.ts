/**
 * Tests of the slash-command line grammar and the `/plan` argument rule (docs/upstream-spec.md §1.8, §6 items 34–40).
 */
import { describe, expect, it } from 'vitest';
import { parseCommandLine, planCommandArgs } from './grammar.ts';

describe('parseCommandLine', () => {
  it.each<[string, { name: string; rawInput: string } | undefined]>([
    ['/plan', { name: 'plan', rawInput: '' }],
    ['/plan off', { name: 'plan', rawInput: ' off' }],
    ['/plan   draft it  ', { name: 'plan', rawInput: '   draft it  ' }],
    ['/plan\tgo', { name: 'plan', rawInput: '\tgo' }],
    ['/plan\nline two', { name: 'plan', rawInput: '\nline two' }],
    ['/planx', { name: 'planx', rawInput: '' }],
    ['/mode', { name: 'mode', rawInput: '' }],
    ['/review now', { name: 'review', rawInput: ' now' }],
    ['/a1_b-c x', { name: 'a1_b-c', rawInput: ' x' }],
    ['/PLAN', undefined],
    ['/Plan', undefined],
    ['/ plan', undefined],
    ['plan', undefined],
    ['//plan', undefined],
    [' /plan', undefined],
    ['/', undefined],
    ['', undefined],
    ['/1plan', undefined],
    ['/plan/off', undefined],
    ['/plan:off', undefined],
    ['/planX', undefined],
  ])('parses %j as %j', (line, expected) => {
    expect(parseCommandLine(line)).toEqual(expected);
  });

  it.each(['/mode', '/review', '/planx'])('does not resolve %s to the plan command (§6 item 34)', (line) => {
    expect(parseCommandLine(line)?.name).not.toBe('plan');
  });
});

describe('planCommandArgs', () => {
  // docs/upstream-spec.md §1.8 argument table and §8 items 10–12.
  it.each<[string, { kind: 'off' } | { kind: 'enter'; message: string }]>([
    ['', { kind: 'enter', message: '' }],
    ['   ', { kind: 'enter', message: '' }],
    [' off', { kind: 'off' }],
    ['off', { kind: 'off' }],
    ['  off \t', { kind: 'off' }],
    [' off now', { kind: 'enter', message: 'off now' }],
    [' OFF', { kind: 'enter', message: 'OFF' }],
    [' Off', { kind: 'enter', message: 'Off' }],
    [' offline', { kind: 'enter', message: 'offline' }],
    ['   draft the migration  ', { kind: 'enter', message: 'draft the migration' }],
    [' line one\nline two ', { kind: 'enter', message: 'line one\nline two' }],
  ])('reads raw input %j as %j', (rawInput, expected) => {
    expect(planCommandArgs(rawInput)).toEqual(expected);
  });

  it('composes with the line grammar for a whole /plan line', () => {
    const parsed = parseCommandLine('/plan   draft …  ');
    expect(parsed && planCommandArgs(parsed.rawInput)).toEqual({ kind: 'enter', message: 'draft …' });
  });
});
