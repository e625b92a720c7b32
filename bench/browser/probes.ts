/**
 * In-page instruments of `npm run bench:browser`, installed with `addInitScript` before any app code: long tasks,
 * Event Timing entries, keystroke and click stamps, and waiters for an element found by ROLE AND ACCESSIBLE NAME —
 * `domAt` (the MutationObserver callback that saw it) and `paintAt` (after the next frame's paint). Times are the
 * page's `performance.now()` ms. The names are the contract with the app: textbox "Message the agent", region
 * "Approve this plan and leave plan mode?", textbox "Feedback", button "Approve", region "Transcript".
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
  | { kind: 'text'; within: RoleQuery; text: string };

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
  longtasks: { start: number; duration: number }[];
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
 * The init script (serialised by Playwright; it must not close over anything).
 */
export function installProbes(): void {
  const w = window as unknown as { __bench?: BenchProbes };
  if (w.__bench) return;
  const afterPaint = (cb: (t: number) => void): void => {
    requestAnimationFrame(() => {
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
    for (const el of document.querySelectorAll(selectors[query.role])) if (nameOf(el) === query.name) return el;
    return undefined;
  };
  const probes: BenchProbes = {
    longtasks: [],
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
        if (spec.kind === 'text') return false;
        const el = find(spec.query);
        if (spec.kind === 'present') return el !== undefined;
        if (spec.kind === 'absent') return el === undefined;
        return el !== undefined && !(el as HTMLTextAreaElement).disabled && !(el as HTMLTextAreaElement).readOnly;
      };
      if (matchesNow()) return hit();
      const observer = new MutationObserver((records) => {
        if (done) return;
        if (spec.kind !== 'text') {
          if (matchesNow()) hit(observer);
          return;
        }
        const container = find(spec.within);
        if (!container) return;
        for (const record of records) {
          const target = record.target;
          if (!container.contains(target) && !target.contains(container)) continue;
          if (record.type === 'characterData' && (target.textContent ?? '').includes(spec.text)) return hit(observer);
          for (const node of record.addedNodes) {
            // The region itself may arrive with its rows in one commit.
            const scope = container.contains(node) ? node : node.contains(container) ? container : undefined;
            if (scope && (scope.textContent ?? '').includes(spec.text)) return hit(observer);
          }
        }
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
  };
  w.__bench = probes;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probes.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no longtask support: the figure reads 0 */
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
