import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFollowBottom } from './use-follow-bottom.ts';

/** A ResizeObserver stand-in: `resized()` calls every observer back, as the browser does after a layout. */
const observers = new Set<{ callback: () => void; targets: Set<Element> }>();
class FakeResizeObserver {
  private entry: { callback: () => void; targets: Set<Element> };
  constructor(callback: () => void) {
    this.entry = { callback, targets: new Set() };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  unobserve(target: Element) {
    this.entry.targets.delete(target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
}
const resized = (target: Element) => {
  for (const entry of observers) if (entry.targets.has(target)) entry.callback();
};

/** Layout of the scroll container: `scrollHeight` counts its reads (a read between layouts forces one). */
function fakeLayout(el: HTMLElement, { height, client }: { height: number; client: number }) {
  const box = { height, reads: 0 };
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => ((box.reads += 1), box.height) });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => client });
  return box;
}

function Scroller({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const onScroll = useFollowBottom(ref);
  return (
    <main ref={ref} aria-label="Transcript" onScroll={onScroll}>
      {children}
    </main>
  );
}

beforeEach(() => vi.stubGlobal('ResizeObserver', FakeResizeObserver));
afterEach(() => {
  vi.unstubAllGlobals();
  observers.clear();
});

describe('useFollowBottom', () => {
  it('scrolls to the bottom when the content grows while the reader is at the bottom', () => {
    render(
      <Scroller>
        <div>rows</div>
      </Scroller>,
    );
    const main = screen.getByRole('main');
    const box = fakeLayout(main, { height: 1000, client: 200 });
    box.height = 1500;
    act(() => resized(main.firstElementChild!));
    expect(main.scrollTop).toBe(1500);
  });

  it('leaves a reader who scrolled up where they are, and follows again once they are back at the bottom', () => {
    render(
      <Scroller>
        <div>rows</div>
      </Scroller>,
    );
    const main = screen.getByRole('main');
    const box = fakeLayout(main, { height: 1000, client: 200 });
    main.scrollTop = 100;
    fireEvent.scroll(main);
    box.height = 1500;
    act(() => resized(main.firstElementChild!));
    expect(main.scrollTop).toBe(100);
    main.scrollTop = 1260;
    fireEvent.scroll(main);
    box.height = 2000;
    act(() => resized(main));
    expect(main.scrollTop).toBe(2000);
  });

  it('observes content added later', () => {
    const { rerender } = render(<Scroller>{null}</Scroller>);
    const main = screen.getByRole('main');
    rerender(
      <Scroller>
        <div>new rows</div>
      </Scroller>,
    );
    const box = fakeLayout(main, { height: 900, client: 200 });
    return Promise.resolve().then(() => {
      act(() => resized(screen.getByText('new rows')));
      expect(main.scrollTop).toBe(box.height);
    });
  });

  it('reads no layout when it re-renders (a streamed event commits without a forced layout)', () => {
    const { rerender } = render(
      <Scroller>
        <div>1 row</div>
      </Scroller>,
    );
    const box = fakeLayout(screen.getByRole('main'), { height: 1000, client: 200 });
    for (let i = 2; i <= 20; i += 1) {
      rerender(
        <Scroller>
          <div>{i} rows</div>
        </Scroller>,
      );
    }
    expect(box.reads).toBe(0);
  });
});
