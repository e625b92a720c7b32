import { afterEach, describe, expect, it, vi } from 'vitest';
import { zhCN } from '../locales.zh-CN.ts';
import { absoluteTime, relativeTime } from './relative-time.ts';

const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('relativeTime', () => {
  it.each([
    [NOW, 'just now'],
    [NOW + 5_000, 'just now'],
    [NOW - 59_999, 'just now'],
    [NOW - MIN, '1 min. ago'],
    [NOW - 2 * MIN - 30_000, '2 min. ago'],
    [NOW - 59 * MIN, '59 min. ago'],
    [NOW - 60 * MIN, '1 hr. ago'],
    [NOW - 23 * 60 * MIN, '23 hr. ago'],
    [NOW - DAY, 'yesterday'],
    [NOW - 3 * DAY, '3 days ago'],
  ])('reads %d as %s in English', (time, label) => {
    expect(relativeTime(time, NOW)).toBe(label);
  });

  it.each([
    [NOW, '刚刚'],
    [NOW - 2 * MIN - 30_000, '2分钟前'],
    [NOW - 3 * 60 * MIN, '3小时前'],
    [NOW - DAY, '昨天'],
    [NOW - 3 * DAY, '3天前'],
  ])('reads %d as %s in Chinese', (time, label) => {
    expect(relativeTime(time, NOW, 'zh-CN', zhCN)).toBe(label);
  });

  it('falls back to the date in the interface language after a week', () => {
    const time = NOW - 8 * DAY;
    expect(relativeTime(time, NOW, 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(time));
    expect(relativeTime(time, NOW, 'zh-CN')).toMatch(/^2026年11月2\d日$/);
  });

  it('words the full date and time of the tooltip in the interface language', () => {
    expect(absoluteTime(NOW, 'zh-CN')).toMatch(/^2026年11月30日 /);
    expect(absoluteTime(NOW, 'en')).toMatch(/^Nov 30, 2026/);
  });
});

describe('formatters built on first need', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A fresh copy of the module with `Intl.RelativeTimeFormat` counting its constructions. */
  async function counted() {
    let built = 0;
    const Real = Intl.RelativeTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: Intl.DateTimeFormat,
      RelativeTimeFormat: class extends Real {
        constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
          super(...args);
          built += 1;
        }
      },
    });
    vi.resetModules();
    const module = await import('./relative-time.ts');
    return { ...module, built: () => built };
  }

  it('builds no relative-time formatter for "just now" rows and their tooltips', async () => {
    const { relativeTime: relative, absoluteTime: absolute, built } = await counted();
    expect(relative(NOW - 5_000, NOW)).toBe('just now');
    expect(absolute(NOW, 'en')).toMatch(/2026/);
    expect(built()).toBe(0);
  });

  it('builds the relative-time formatter once per language, when a row first needs it', async () => {
    const { relativeTime: relative, built } = await counted();
    expect(relative(NOW - 3 * MIN, NOW)).toBe('3 min. ago');
    expect(relative(NOW - 2 * DAY, NOW)).toBe('2 days ago');
    expect(built()).toBe(1);
    relative(NOW - 3 * MIN, NOW, 'zh-CN', zhCN);
    expect(built()).toBe(2);
  });
});
