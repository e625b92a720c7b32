/**
 * A WebSocket double for the downlink tests (src/lib/*.test.ts): records every instance, and lets the test open it,
 * deliver a message, drop it, or leave it silent (no close, no frames). Test support only; nothing in the app imports it.
 */
export class FakeSocket {
  /** Every socket created since the last reset, in creation order. */
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  /** Deliver one message (objects are sent as JSON text). */
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  /** The connection is lost (a close the page did not ask for). */
  drop() {
    this.onclose?.();
  }
}
