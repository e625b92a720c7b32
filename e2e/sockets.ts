/**
 * The page's downlink sockets routed through the test (Playwright `routeWebSocket`), so a spec can make them go silent
 * (no close, no frames — a dead TCP path) or drop them and refuse new ones (a server out of reach).
 */
import type { Page, WebSocketRoute } from '@playwright/test';

const SOCKETS = /\/api\/events\.(mux|host)$/;

/**
 * Route both downlink sockets through the test. `silence()` makes every socket opened so far drop the host's frames
 * (nothing closes); `drop()` closes them on the page side and refuses new ones until `restore()`.
 */
export async function controlSockets(page: Page) {
  const state = { opened: 0, silencedUpTo: 0, refusing: false };
  const live: WebSocketRoute[] = [];
  await page.routeWebSocket(SOCKETS, (ws) => {
    if (state.refusing) {
      void ws.close({ code: 1013, reason: 'refused by the test' });
      return;
    }
    state.opened += 1;
    const index = state.opened;
    live.push(ws);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (index > state.silencedUpTo) ws.send(message);
    });
  });
  return {
    opened: () => state.opened,
    silence: () => {
      state.silencedUpTo = state.opened;
    },
    drop: async () => {
      state.refusing = true;
      for (const ws of live.splice(0)) await ws.close({ code: 1001, reason: 'dropped by the test' });
    },
    restore: () => {
      state.refusing = false;
    },
  };
}
