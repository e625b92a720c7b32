/** The pairing page: its language from Accept-Language, and no inline script or style (the page's CSP allows none). */
import { expect, it } from 'vitest';
import { PAIR_PAGE_COPY, pairPageHtml, pairPageLanguage } from './pair-page.ts';

it.each([
  [undefined, 'en'],
  ['en-GB,en;q=0.9', 'en'],
  ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
  ['zh-TW', 'zh-CN'],
  ['fr-FR,zh;q=0.5', 'en'],
])('speaks the language of Accept-Language %j: %s', (header, language) => {
  expect(pairPageLanguage(header)).toBe(language);
  const html = pairPageHtml(header);
  expect(html).toContain(`<html lang="${language}">`);
  expect(html).toContain(PAIR_PAGE_COPY[language as 'en' | 'zh-CN'].pair);
});

it('has no inline script that runs, no inline style, and the copy as data', () => {
  const html = pairPageHtml('en');
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, attributes, body] of scripts) {
    if (body?.trim() !== '') expect(attributes).toContain('type="application/json"');
  }
  expect(html).not.toMatch(/style=|<style/);
  expect(JSON.parse(/<script id="pair-copy" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '')).toEqual(PAIR_PAGE_COPY.en);
});

it('has the same fields in every language', () => {
  expect(Object.keys(PAIR_PAGE_COPY['zh-CN']).sort()).toEqual(Object.keys(PAIR_PAGE_COPY.en).sort());
});
