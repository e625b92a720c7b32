/**
 * Every `locales.ts` under src/ (found by glob, so a new one is covered without editing this file) exports its
 * dictionaries (`dictionaries(id, en)`), and every language pack holds a dictionary under that id with exactly the
 * keys of the English one, deeply, no empty string, and every function-valued entry returns a non-empty string for
 * sample arguments. A key added to `en` fails here, by its path, until every other language has it.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguagePack, type PackedLanguage } from '../lib/language.ts';
import { zhCNPack } from './language-pack.zh-CN.ts';

/** Every language pack, by language. */
const PACKS: Record<PackedLanguage, LanguagePack> = { 'zh-CN': zhCNPack };

const files = import.meta.glob<Record<string, unknown>>('../**/locales.ts', { eager: true });

/**
 * Arguments a function-valued entry is called with, by its path below the dictionary (`outcome`), or by the export's
 * name and that path where two files use one name differently (`sessionsLocales.modeBadge`).
 * Entries not listed are called once with the string `'sample'` for each parameter; list an entry here when its
 * parameters are not strings, or to cover each branch.
 */
const SAMPLES: Record<string, readonly (readonly unknown[])[]> = {
  'reviewsLocales.audit': [
    [{ done: 1, total: 3, notDone: 2, extra: 1, end: { kind: 'cancelled', message: null } }],
    [{ done: 3, total: 3, notDone: 0, extra: 0, end: { kind: 'completed', message: null } }],
    [{ done: 0, total: 1, notDone: 1, extra: 0, end: { kind: 'error', message: 'boom' } }],
    [{ done: 0, total: 1, notDone: 1, extra: 0, end: { kind: 'max-steps', message: null } }],
  ],
  'rowLifecycleLocales.stage': [
    [{ kind: 'drafting' }],
    [{ kind: 'review' }],
    [{ kind: 'approved' }],
    [{ kind: 'in-progress', done: 3, total: 5 }],
    [{ kind: 'done', done: 5, total: 5 }],
    [{ kind: 'stopped', done: 3, total: 5 }],
    [{ kind: 'abandoned' }],
  ],
  'planStatusLocales.modeBadge': [[{ current: 'default' }], [{ current: 'plan', pending: 'default' }], [{ current: 'deep-dive', pending: 'deep-dive' }]],
  modeBadgeShort: [[{ current: 'default' }], [{ current: 'plan', pending: 'default' }], [{ current: 'deep-dive', pending: 'deep-dive' }]],
  planPendingNote: [
    [true, true],
    [false, false],
  ],
  modePendingNote: [
    ['plan', true],
    ['deep-dive', false],
  ],
  'sessionsLocales.modeBadge': [
    ['plan', true],
    ['review', false],
    ['deep-dive', false],
  ],
  importTooLarge: [[17 * 1024 * 1024, 16 * 1024 * 1024]],
  importRefused: [
    [{ kind: 'empty' }],
    [{ kind: 'header-only' }],
    [{ kind: 'no-events', lines: 1 }],
    [{ kind: 'no-events', lines: 7 }],
    [{ kind: 'too-large', limit: 16 * 1024 * 1024 }],
  ],
  importNote: [
    [{ unreadable: { count: 1, lines: [3] }, torn: undefined, unknown: undefined }],
    [{ unreadable: { count: 12_000, lines: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, torn: 12_001, unknown: undefined }],
    [{ unreadable: { count: 0, lines: [] }, torn: undefined, unknown: { count: 9, kindCount: 7, kinds: [{ type: 'trace/span', count: 3, firstLine: 2 }] } }],
  ],
  imagePlaceholder: [
    ['', undefined],
    ['diagram', 'example.com'],
  ],
  longLineFolded: [[20_000, 123_456]],
  longLineShown: [[123_456]],
  deepNesting: [[32]],
  tooLarge: [[1]],
  progress: [[1, 3]],
  unreadable: [[1], [4]],
  questionCard: [[1], [3]],
  findStatus: [
    [0, 0],
    [2, 5],
  ],
  turnStatus: [
    ['completed', undefined],
    ['cancelled', undefined],
    ['error', 'boom'],
    ['error', undefined],
    ['other', 'why'],
  ],
  noticeFrom: [['plan-mode'], [undefined]],
  documentTitle: [
    [{ count: 1, kind: 'review' }, 'ui-plan'],
    [{ count: 2, kind: 'question' }, 'ui-plan'],
    [{ count: 3, kind: 'mixed' }, 'ui-plan'],
  ],
  reviewNotice: [
    ['Add a flag', 2],
    ['Add a flag', undefined],
  ],
  inboxRevision: [[2]],
  noticeBody: [
    ['Session', undefined],
    ['Session', 'Which one?'],
  ],
  inboxToggle: [[2]],
  waited: [[0], [5], [120], [5000]],
  contextInjection: [['plan-mode'], [undefined]],
};

/** The paths where `other` differs from `en` in shape, or where either holds an empty text. */
function problemsOf(en: unknown, other: unknown, path: string, language: string): string[] {
  if (typeof en === 'function') {
    if (typeof other !== 'function') return [`${path}: a function in en, ${typeof other} in ${language}`];
    const key = path.slice(path.indexOf(']') + 2);
    const samples = SAMPLES[`${path.slice(0, path.indexOf('['))}.${key}`] ?? SAMPLES[key] ?? [Array.from({ length: Math.max(en.length, 1) }, () => 'sample')];
    const problems: string[] = [];
    for (const args of samples) {
      for (const [name, fn] of [
        ['en', en],
        [language, other],
      ] as const) {
        let text: unknown;
        try {
          text = (fn as (...a: unknown[]) => unknown)(...args);
        } catch (error) {
          problems.push(`${path} (${name}) throws for ${JSON.stringify(args)}: ${String(error)}; add sample arguments for "${key}" to SAMPLES`);
          continue;
        }
        if (typeof text !== 'string' || text.trim() === '') problems.push(`${path} (${name}) returns ${JSON.stringify(text)} for ${JSON.stringify(args)}`);
      }
    }
    return problems;
  }
  if (typeof en === 'string') {
    if (typeof other !== 'string') return [`${path}: missing in ${language} (en: ${JSON.stringify(en)})`];
    return [...(en.trim() === '' ? [`${path}: empty in en`] : []), ...(other.trim() === '' ? [`${path}: empty in ${language}`] : [])];
  }
  if (typeof en === 'object' && en !== null) {
    if (typeof other !== 'object' || other === null) return [`${path}: missing in ${language}`];
    const problems: string[] = [];
    for (const key of Object.keys(en)) {
      const child = `${path}.${key}`;
      if (!Object.hasOwn(other, key)) problems.push(`${child}: missing in ${language}`);
      else problems.push(...problemsOf((en as Record<string, unknown>)[key], (other as Record<string, unknown>)[key], child, language));
    }
    for (const key of Object.keys(other)) if (!Object.hasOwn(en, key)) problems.push(`${path}.${key}: in ${language} but not in en`);
    return problems;
  }
  return [`${path}: unexpected ${typeof en} in en`];
}

/** The exports of a locale module that are its dictionaries (`{ id, en }`). */
function dictionariesOf(module: Record<string, unknown>): [string, { id: string; en: unknown }][] {
  return Object.entries(module).filter(
    (entry): entry is [string, { id: string; en: unknown }] =>
      typeof entry[1] === 'object' && entry[1] !== null && typeof (entry[1] as { id?: unknown }).id === 'string' && Object.hasOwn(entry[1], 'en'),
  );
}

const packed = LANGUAGES.filter((language): language is PackedLanguage => language !== 'en');
const ids = Object.values(files).flatMap((module) => dictionariesOf(module).map(([, record]) => record.id));

describe('locale dictionaries', () => {
  it('finds every locale file of the app', () => {
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(11);
  });

  it.each(Object.keys(files))('%s exports its dictionaries under an id of their own', (file) => {
    expect(dictionariesOf(files[file]!).map(([name]) => name)).not.toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(packed)('the %s pack holds exactly the dictionaries of the locale files', (language) => {
    expect(Object.keys(PACKS[language]).sort()).toEqual([...ids].sort());
  });

  it.each(Object.keys(files))('%s has the keys of English in every language, none empty, every function worded', (file) => {
    const problems = dictionariesOf(files[file]!).flatMap(([name, record]) =>
      packed.flatMap((language) => problemsOf(record.en, (PACKS[language] as Record<string, unknown>)[record.id], `${name}['${language}']`, language)),
    );
    expect(problems).toEqual([]);
  });
});
