import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { SessionLog } from './log.ts';
import { MemoryStorage } from './storage/memory.ts';

const header = { type: 'session' as const, version: 0, id: 'session-a', createdAt: 5, cwd: '/w' };

function fresh() {
  const storage = new MemoryStorage();
  storage.create({ header, lines: [] });
  let t = 100;
  const log = new SessionLog(header, storage, () => t++);
  return { storage, log };
}

describe('SessionLog', () => {
  it('stores first, then assigns seq and time, then notifies', () => {
    const { storage, log } = fresh();
    const seen: SessionEvent[] = [];
    log.subscribe((event) => {
      expect(storage.get('session-a')!.lines).toHaveLength(event.seq + 1);
      seen.push(event);
    });
    log.append({ type: 'plan/mode', data: { active: true } });
    log.append({ type: 'user/message', data: { content: [] }, surfaceOp: 'append', sourceEventSeqs: [0] });
    expect(seen.map((e) => [e.type, e.seq, e.time])).toEqual([
      ['plan/mode', 0, 100],
      ['user/message', 1, 101],
    ]);
    expect(storage.get('session-a')!.lines[1]).toEqual({ type: 'user/message', data: { content: [] }, time: 101, surfaceOp: 'append', sourceEventSeqs: [0] });
  });

  it('keeps seq = line index after the header across a restart over the same storage, placeholder lines included', () => {
    const { storage, log } = fresh();
    log.append({ type: 'a/b', data: 1 });
    storage.append('session-a', { type: 'import/skipped', data: { line: 3, reason: 'not JSON' } });
    const restarted = new SessionLog(header, storage, () => 0, storage.get('session-a')!.lines);
    expect(restarted.append({ type: 'c/d', data: 2 }).seq).toBe(2);
    const again = new SessionLog(header, storage, () => 0, storage.get('session-a')!.lines);
    expect(again.events.map((e) => [e.type, e.seq])).toEqual([
      ['a/b', 0],
      ['import/skipped', 1],
      ['c/d', 2],
    ]);
  });

  it('records nothing and propagates when storage throws', () => {
    const { storage, log } = fresh();
    const seen: SessionEvent[] = [];
    log.subscribe((event) => void seen.push(event));
    storage.failAppend = () => new Error('disk full');
    expect(() => log.append({ type: 'plan/mode', data: { active: true } })).toThrow('disk full');
    expect(log.events).toEqual([]);
    expect(seen).toEqual([]);
    storage.failAppend = undefined;
    expect(log.append({ type: 'plan/mode', data: { active: true } }).seq).toBe(0);
  });

  it('numbers preloaded lines by position without storing them again', () => {
    const storage = new MemoryStorage();
    storage.create({ header, lines: [] });
    const log = new SessionLog(header, storage, () => 0, [
      { type: 'a', data: 1, time: 3 },
      { type: 'b', data: 2 },
    ]);
    expect(log.events.map((e) => [e.type, e.seq])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    expect(log.lastSeq).toBe(1);
    expect(storage.get('session-a')!.lines).toEqual([]);
  });
});

describe('MemoryStorage', () => {
  it('refuses a duplicate session and an append to an unknown session', () => {
    const storage = new MemoryStorage({ sessions: [{ header, lines: [] }] });
    expect(() => storage.create({ header, lines: [] })).toThrow(/already exists/);
    expect(() => storage.append('session-x', { type: 'a', data: null })).toThrow(/does not exist/);
  });

  it('hands out copies that callers cannot mutate', () => {
    const storage = new MemoryStorage({ sessions: [{ header, lines: [{ type: 'a', data: { n: 1 } }] }] });
    const [loaded] = storage.loadAll();
    (loaded!.lines[0]!.data as { n: number }).n = 2;
    expect(storage.loadAll()[0]!.lines[0]!.data).toEqual({ n: 1 });
  });
});
