/**
 * The client side of bench/fanout.ts, run as its own process (forked with IPC): opens N mux WebSockets to the
 * server, and for every `session/event` frame records receipt time − the event's `time` (ms, the same
 * high-resolution wall clock as the server's). Messages: `connect {url, origin, clients}` → `connected`;
 * `stop` → `stats {frames, min, p50, p95, max}`.
 */
import WebSocket from 'ws';

const now = (): number => performance.timeOrigin + performance.now();
const latencies: number[] = [];
const sockets: WebSocket[] = [];
let counting = true;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

process.on('message', (m: { type: string; url?: string; origin?: string; clients?: number }) => {
  if (m.type === 'connect') {
    let open = 0;
    for (let i = 0; i < (m.clients ?? 0); i += 1) {
      const ws = new WebSocket(m.url ?? '', { headers: { origin: m.origin ?? '' } });
      ws.on('open', () => {
        open += 1;
        if (open === m.clients) process.send?.({ type: 'connected' });
      });
      ws.on('message', (data) => {
        if (!counting) return;
        const received = now();
        const frame = JSON.parse(String(data)) as { method?: string; payload?: { event?: { time?: number } } };
        const time = frame.payload?.event?.time;
        if (frame.method === 'session/event' && typeof time === 'number') latencies.push(received - time);
      });
      ws.on('error', (error) => {
        console.error(`fan-out client: ${error.message}`);
        process.exit(1);
      });
      sockets.push(ws);
    }
  } else if (m.type === 'stop') {
    counting = false;
    const sorted = [...latencies].sort((a, b) => a - b);
    process.send?.({
      type: 'stats',
      frames: sorted.length,
      min: sorted[0] ?? 0,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? 0,
    });
    for (const ws of sockets) ws.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
