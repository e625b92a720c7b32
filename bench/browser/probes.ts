/**
 * In-page instruments of `npm run bench:browser`, installed with `addInitScript` before any app code: long tasks,
 * Event Timing entries, the last DOM mutation (for the quiet rule), keystroke and click stamps, and waiters for an
 * element found by ROLE AND ACCESSIBLE NAME that appears, disappears, shows a text or is whole — `domAt` (the
 * MutationObserver callback that saw it) and `paintAt` (the first task after the next frame's paint, at user-blocking
 * priority: see `afterPaint`), in page `performance.now()` ms.
 * As in Testing Library and Playwright, an element inside a `hidden` one is not found (it is neither shown nor in the
 * accessibility tree: the review card this tab answered hides at once, docs/style.md "A sent answer leaves at once").
 * The names are the contract with the app: textbox "Message the agent", the review card's region, textbox
 * "Feedback", button "Approve", region "Transcript", navigation "Sessions".
 */

/** A role and accessible name, as Testing Library / Playwright would query it. */
export interface RoleQuery {
  role: 'textbox' | 'region' | 'button' | 'link';
  name: string;
}

/** What a waiter waits for. */
export type WaitSpec =
  | { kind: 'present'; query: RoleQuery }
  | { kind: 'enabled'; query: RoleQuery }
  | { kind: 'absent'; query: RoleQuery }
  /** `text` shows (added or changed) inside the element found by `within`. */
  | { kind: 'text'; within: RoleQuery; text: string }
  /**
   * The element found by `within` is whole: `lastText` (its last line) has shown inside it and every code block in it
   * (`pre > code`, the HTML of a fenced block) is highlighted — the text after the block's last element (its last
   * token) holds no letter or digit; plain, not yet highlighted code is a text node after the tokens. Every code
   * block of a fixture measured this way must have a language the highlighter knows and end in a token.
   */
  | { kind: 'whole'; within: RoleQuery; lastText: string };

/** A waiter's outcome. */
export interface WaitResult {
  domAt: number;
  paintAt: number;
}

/** One keystroke: `t` = the keydown's timeStamp, `handled` = end of its input event dispatch, `paint` = next paint. */
export interface KeyStamp {
  t: number;
  handled: number;
  paint: number;
}

/** The API the probes put on `window.__bench`. */
export interface BenchProbes {
  /** Whether the `longtask` observer could be installed (without it no task figure can be read). */
  longtaskSupported: boolean;
  longtasks: { start: number; duration: number }[];
  /** When the last DOM mutation anywhere in the document was seen (0: none yet). */
  lastMutation: number;
  events: { name: string; startTime: number; processingStart: number; processingEnd: number; duration: number; interactionId: number }[];
  keys: KeyStamp[];
  clicks: number[];
  changes: number[];
  waits: Record<string, WaitResult | undefined>;
  /** Arm a waiter under `id`; its result appears in `waits[id]`. */
  arm(id: string, spec: WaitSpec): void;
  /** Whether an element matches now. */
  exists(query: RoleQuery): boolean;
}

/**
 * Whether a code block (`code` inside `pre`) is highlighted: the text after its last element (its last token) holds
 * no letter or digit. Plain code still waiting for the highlighter is text after the tokens (or the whole block).
 * Runs in the page (the init script defines it beside `installProbes`): it must not close over anything.
 */
export function codeHighlighted(code: Element): boolean {
  let tail = '';
  for (let node = code.lastChild; node !== null; node = node.previousSibling) {
    if (node.nodeType === 1) return !/[\p{L}\p{N}]/u.test(tail);
    tail = (node.textContent ?? '') + tail;
  }
  return false;
}

/**
 * Whether an element is inside a `hidden` element (itself included): not rendered and not in the accessibility tree,
 * so a role query does not find it. Reads attributes only (no style or layout). Runs in the page (the init script
 * defines it beside `installProbes`): it must not close over anything.
 */
export function insideHidden(el: Element): boolean {
  return el.closest('[hidden]') !== null;
}

/**
 * Whether `text` was added or changed inside `container` by these mutations: a changed text node inside it holds the
 * text, or an added node inside it does — or the container arrived with it in one commit. Runs in the page (the
 * init script defines it beside `installProbes`): it must not close over anything.
 */
export function showsText(container: Node, records: readonly Pick<MutationRecord, 'type' | 'target' | 'addedNodes'>[], text: string): boolean {
  for (const record of records) {
    const target = record.target;
    if (!container.contains(target) && !target.contains(container)) continue;
    if (record.type === 'characterData' && (target.textContent ?? '').includes(text)) return true;
    for (const node of record.addedNodes) {
      const scope = container.contains(node) ? node : node.contains(container) ? container : undefined;
      if (scope && (scope.textContent ?? '').includes(text)) return true;
    }
  }
  return false;
}

/**
 * The init script (serialised by Playwright). It must not close over anything but `codeHighlighted`, `showsText` and
 * `insideHidden`, which the init script defines before it (see `probesScript`).
 */
export function installProbes(): void {
  const w = window as unknown as { __bench?: BenchProbes };
  if (w.__bench) return;
  // The stamp of "painted": the first task after the next frame. A frame's requestAnimationFrame callbacks run just
  // before its style, layout and paint, so a task posted from one runs after that paint. It is posted at user-blocking
  // priority (`scheduler.postTask`), so it runs before the work already waiting at normal priority (React's scheduler,
  // timers, socket messages), which runs after the paint and does not delay it: a MessageChannel message ran after
  // that work and put up to 15 ms of it in the figure (the first review card: stamp 40.7 ms, paint 25.5 ms in a
  // trace). Where `scheduler.postTask` is missing, the message is the stamp.
  const afterPaint = (cb: (t: number) => void): void => {
    requestAnimationFrame(() => {
      const scheduler = (window as unknown as { scheduler?: { postTask(task: () => void, options: { priority: 'user-blocking' }): Promise<unknown> } })
        .scheduler;
      if (scheduler !== undefined) {
        void scheduler.postTask(() => cb(performance.now()), { priority: 'user-blocking' });
        return;
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = () => cb(performance.now());
      channel.port2.postMessage(0);
    });
  };
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label !== null) return label.trim();
    const by = el.getAttribute('aria-labelledby');
    if (by !== null)
      return by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return (labels[0]?.textContent ?? '').trim();
    return (el.textContent ?? '').trim();
  };
  const selectors: Record<RoleQuery['role'], string> = {
    textbox: 'textarea, input:not([type]), input[type="text"], input[type="search"], [role="textbox"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
  };
  const find = (query: RoleQuery): Element | undefined => {
    for (const el of document.querySelectorAll(selectors[query.role])) if (nameOf(el) === query.name && !insideHidden(el)) return el;
    return undefined;
  };
  const probes: BenchProbes = {
    longtaskSupported: false,
    longtasks: [],
    lastMutation: 0,
    events: [],
    keys: [],
    clicks: [],
    changes: [],
    waits: {},
    exists: (query) => find(query) !== undefined,
    arm(id, spec) {
      probes.waits[id] = undefined;
      let done = false;
      const hit = (observer?: MutationObserver): void => {
        done = true;
        observer?.disconnect();
        const domAt = performance.now();
        afterPaint((paintAt) => {
          probes.waits[id] = { domAt, paintAt };
        });
      };
      const matchesNow = (): boolean => {
        if (spec.kind === 'text' || spec.kind === 'whole') return false;
        const el = find(spec.query);
        if (spec.kind === 'present') return el !== undefined;
        if (spec.kind === 'absent') return el === undefined;
        return el !== undefined && !(el as HTMLTextAreaElement).disabled && !(el as HTMLTextAreaElement).readOnly;
      };
      if (matchesNow()) return hit();
      let sawLast = false;
      const observer = new MutationObserver((records) => {
        if (done) return;
        if (spec.kind === 'text' || spec.kind === 'whole') {
          const container = find(spec.within);
          if (!container) return;
          if (spec.kind === 'text') {
            if (showsText(container, records, spec.text)) hit(observer);
            return;
          }
          sawLast ||= showsText(container, records, spec.lastText);
          if (sawLast && Array.from(container.querySelectorAll('pre > code')).every(codeHighlighted)) hit(observer);
          return;
        }
        if (matchesNow()) hit(observer);
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
  };
  w.__bench = probes;
  new MutationObserver(() => {
    probes.lastMutation = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probes.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    probes.longtaskSupported = PerformanceObserver.supportedEntryTypes.includes('longtask');
  } catch {
    /* no longtask support: every task figure fails (Tab.longestTask) */
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        probes.events.push({
          name: e.name,
          startTime: e.startTime,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          duration: e.duration,
          interactionId: (e as { interactionId?: number }).interactionId ?? 0,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    /* no Event Timing: the figures fall back to the listeners below */
  }
  window.addEventListener(
    'keydown',
    (e) => {
      const stamp: KeyStamp = { t: e.timeStamp, handled: 0, paint: 0 };
      probes.keys.push(stamp);
      afterPaint((t) => {
        stamp.paint = t;
      });
    },
    true,
  );
  // Bubble phase on window: after React's root listener handled the input.
  window.addEventListener('input', () => {
    const stamp = probes.keys.at(-1);
    if (stamp && stamp.handled === 0) stamp.handled = performance.now();
  });
  window.addEventListener('click', (e) => void probes.clicks.push(e.timeStamp), true);
  document.addEventListener('change', (e) => void probes.changes.push(e.timeStamp), true);
}

/**
 * The init script's source: the three helpers, then `installProbes`, then `arming` (more code to run after it).
 * @param arming - JavaScript run once the probes exist (e.g. arming waiters)
 */
export function probesScript(arming: string): string {
  // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(…)`: define it for the page.
  return `(() => { const __name = (f) => f; const codeHighlighted = ${codeHighlighted.toString()}; const showsText = ${showsText.toString()}; const insideHidden = ${insideHidden.toString()}; (${installProbes.toString()})(); ${arming} })();`;
}
