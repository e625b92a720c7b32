// @vitest-environment happy-dom
/**
 * The in-page decisions of the browser bench's waiters: when a code block counts as highlighted, when a batch of DOM
 * mutations shows a text inside the watched region, and that an element inside a `hidden` one is not found.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeHighlighted, installProbes, insideHidden, showsText, type BenchProbes } from './probes.ts';

function code(html: string): Element {
  const pre = document.createElement('pre');
  pre.innerHTML = `<code>${html}</code>`;
  return pre.firstElementChild!;
}

describe('codeHighlighted', () => {
  it.each<[string, string, boolean]>([
    ['every line in tokens', '<span>const</span> a = <span>f</span>(1); <span>// step 1</span>\n<span>const</span> b = 2; <span>// step 2</span>\n', true],
    ['nested tokens at the end', '<span>x</span> = <span><span>f</span>()</span>;\n', true],
    ['the last lines still plain', '<span>const</span> a = 1;\nconst b = 2; // step 2', false],
    ['no token at all', 'const a = 1;', false],
    ['an empty block', '', false],
  ])('judges %s: %s', (_name, html, highlighted) => {
    expect(codeHighlighted(code(html))).toBe(highlighted);
  });

  it('counts letters of any script and digits in the plain tail', () => {
    expect(codeHighlighted(code('<span>a</span>;\n注释'))).toBe(false);
    expect(codeHighlighted(code('<span>a</span> 42'))).toBe(false);
    expect(codeHighlighted(code('<span>a</span>; ) }\n'))).toBe(true);
  });
});

describe('showsText', () => {
  const region = () => {
    const section = document.createElement('section');
    section.setAttribute('aria-label', 'Plan');
    section.innerHTML = '<p>first line</p>';
    document.body.append(section);
    return section;
  };
  const added = (target: Node, node: Node) => ({ type: 'childList' as const, target, addedNodes: [node] as unknown as NodeList });

  it('sees the text in a node added inside the region', () => {
    const container = region();
    const li = document.createElement('li');
    li.textContent = 'model handler markdown history default';
    container.append(li);
    expect(showsText(container, [added(container, li)], 'history default')).toBe(true);
  });

  it('sees the text when the region arrives with it in one commit', () => {
    const container = region();
    container.innerHTML = '<p>the last line</p>';
    expect(showsText(container, [added(document.body, container)], 'last line')).toBe(true);
  });

  it('sees a changed text node inside the region', () => {
    const container = region();
    const text = container.firstElementChild!.firstChild!;
    text.textContent = 'now the last line';
    expect(showsText(container, [{ type: 'characterData', target: text, addedNodes: [] as unknown as NodeList }], 'last line')).toBe(true);
  });

  it('ignores the text outside the region and mutations that do not add it', () => {
    const container = region();
    const outside = document.createElement('p');
    outside.textContent = 'the last line';
    document.body.append(outside);
    expect(showsText(container, [added(document.body, outside)], 'last line')).toBe(false);
    const other = document.createElement('p');
    other.textContent = 'another line';
    container.append(other);
    expect(showsText(container, [added(container, other)], 'last line')).toBe(false);
  });
});

describe('role queries', () => {
  const card = () => {
    const slot = document.createElement('div');
    slot.innerHTML = '<section aria-label="Approve this plan?"><button>Approve</button></section>';
    document.body.append(slot);
    return slot;
  };

  it('judges an element inside a hidden one, itself included, as hidden', () => {
    const slot = card();
    const section = slot.querySelector('section')!;
    expect(insideHidden(section)).toBe(false);
    slot.hidden = true;
    expect(insideHidden(section)).toBe(true);
    slot.hidden = false;
    section.hidden = true;
    expect(insideHidden(section)).toBe(true);
  });

  it('does not find a region once it is hidden, as Playwright and Testing Library would not', () => {
    installProbes();
    const probes = (window as unknown as { __bench: BenchProbes }).__bench;
    const slot = card();
    const query = { role: 'region', name: 'Approve this plan?' } as const;
    expect(probes.exists(query)).toBe(true);
    slot.querySelector('section')!.hidden = true;
    expect(probes.exists(query)).toBe(false);
    slot.remove();
  });
});

describe('the paint stamp', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the first user-blocking task posted from the next frame, not a message queued behind waiting work', async () => {
    const frames: FrameRequestCallback[] = [];
    const posted: { task: () => void; priority: string }[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('scheduler', { postTask: (task: () => void, options: { priority: string }) => (posted.push({ task, ...options }), Promise.resolve()) });
    const posts = vi.spyOn(MessagePort.prototype, 'postMessage');
    installProbes();
    const probes = (window as unknown as { __bench: BenchProbes }).__bench;
    probes.arm('card', { kind: 'present', query: { role: 'region', name: 'Plan review' } });
    const section = document.createElement('section');
    section.setAttribute('aria-label', 'Plan review');
    document.body.append(section);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(posted).toEqual([]);
    frames[0]!(performance.now());
    expect(posted.map((p) => p.priority)).toEqual(['user-blocking']);
    expect(probes.waits.card).toBeUndefined();
    posted[0]!.task();
    const wait = probes.waits.card!;
    expect(wait.paintAt).toBeGreaterThanOrEqual(wait.domAt);
    expect(posts).not.toHaveBeenCalled();
    section.remove();
  });
});
