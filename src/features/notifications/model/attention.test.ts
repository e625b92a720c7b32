import { describe, expect, it } from 'vitest';
import { attentionOf, type AttentionInput, type NotificationAccess, type WaitingItem } from './attention.ts';

const item = (rpcId: string, sessionId: string, kind: WaitingItem['kind'], since: number, extra: Partial<WaitingItem> = {}): WaitingItem => ({
  rpcId,
  sessionId,
  kind,
  since,
  order: since,
  sessionTitle: `Session ${sessionId}`,
  settled: true,
  ...extra,
});

const reviewA = item('qa', 'a', 'review', 10, { planTitle: 'Add a --greeting flag', revision: 2 });
const questionB = item('qb', 'b', 'question', 20, { question: 'Which file?' });
const approvalC = item('ac', 'c', 'approval', 5, { toolName: 'shell' });
const unsettledD = item('qd', 'd', 'review', 30, { settled: false });

type Row = {
  name: string;
  waiting: WaitingItem[];
  visible: boolean;
  shown?: string;
  desktop?: boolean;
  sound?: boolean;
  access?: NotificationAccess;
  title: { count: number; kind: string } | undefined;
  favicon: 'plain' | 'badged';
  notifications: string[];
  chime: string[];
};

const TABLE: Row[] = [
  { name: 'nothing waits, hidden', waiting: [], visible: false, desktop: true, sound: true, title: undefined, favicon: 'plain', notifications: [], chime: [] },
  {
    name: 'a review waits, hidden, preferences off',
    waiting: [reviewA],
    visible: false,
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: [],
    chime: [],
  },
  {
    name: 'a review waits, hidden, desktop on and granted',
    waiting: [reviewA],
    visible: false,
    desktop: true,
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: ['qa'],
    chime: [],
  },
  {
    name: 'desktop on but permission not granted',
    waiting: [reviewA],
    visible: false,
    desktop: true,
    access: 'default',
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: [],
    chime: [],
  },
  {
    name: 'desktop on but permission denied; the sound still chimes',
    waiting: [reviewA],
    visible: false,
    desktop: true,
    sound: true,
    access: 'denied',
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: [],
    chime: ['qa'],
  },
  {
    name: 'no Notification in this browser',
    waiting: [reviewA],
    visible: false,
    desktop: true,
    access: 'unsupported',
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: [],
    chime: [],
  },
  {
    name: 'visible and showing that session: plain title, no notification, no chime',
    waiting: [reviewA],
    visible: true,
    shown: 'a',
    desktop: true,
    sound: true,
    title: undefined,
    favicon: 'plain',
    notifications: [],
    chime: [],
  },
  {
    name: 'visible but showing another session: plain title, notified',
    waiting: [reviewA],
    visible: true,
    shown: 'b',
    desktop: true,
    sound: true,
    title: undefined,
    favicon: 'plain',
    notifications: ['qa'],
    chime: ['qa'],
  },
  {
    name: 'hidden while showing that session: notified (the person is not looking)',
    waiting: [reviewA],
    visible: false,
    shown: 'a',
    desktop: true,
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: ['qa'],
    chime: [],
  },
  {
    name: 'a question alone',
    waiting: [questionB],
    visible: false,
    desktop: true,
    title: { count: 1, kind: 'question' },
    favicon: 'badged',
    notifications: ['qb'],
    chime: [],
  },
  {
    name: 'a review and a question: both counted, oldest first',
    waiting: [questionB, reviewA],
    visible: false,
    desktop: true,
    sound: true,
    title: { count: 2, kind: 'mixed' },
    favicon: 'badged',
    notifications: ['qa', 'qb'],
    chime: ['qa', 'qb'],
  },
  {
    name: 'a tool-permission prompt alone: listed only, never counted or notified',
    waiting: [approvalC],
    visible: false,
    desktop: true,
    sound: true,
    title: undefined,
    favicon: 'plain',
    notifications: [],
    chime: [],
  },
  {
    name: 'a prompt beside a review: only the review counts',
    waiting: [approvalC, reviewA],
    visible: false,
    desktop: true,
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: ['qa'],
    chime: [],
  },
  {
    name: 'a review whose revision is still looked up: counted, not yet notified',
    waiting: [unsettledD],
    visible: false,
    desktop: true,
    sound: true,
    title: { count: 1, kind: 'review' },
    favicon: 'badged',
    notifications: [],
    chime: [],
  },
  {
    name: 'answered (no longer waiting) while a notification was open: nothing left',
    waiting: [],
    visible: false,
    desktop: true,
    sound: true,
    title: undefined,
    favicon: 'plain',
    notifications: [],
    chime: [],
  },
];

describe('attentionOf', () => {
  it.each(TABLE)('$name', (row) => {
    const input: AttentionInput = {
      waiting: row.waiting,
      visible: row.visible,
      shownSessionId: row.shown,
      preferences: { desktop: row.desktop ?? false, sound: row.sound ?? false },
      access: row.access ?? 'granted',
    };
    const attention = attentionOf(input);
    expect(attention.title).toEqual(row.title);
    expect(attention.favicon).toBe(row.favicon);
    expect(attention.notifications.map((i) => i.rpcId)).toEqual(row.notifications);
    expect(attention.chime.map((i) => i.rpcId)).toEqual(row.chime);
    expect(attention.inbox.map((i) => i.rpcId)).toEqual([...row.waiting].sort((x, y) => x.since - y.since).map((i) => i.rpcId));
    expect(attentionOf(input)).toEqual(attention);
  });

  it('lists the inbox oldest first, arrival order breaking ties', () => {
    const first = item('q1', 'x', 'question', 100, { order: 1 });
    const second = item('q2', 'y', 'review', 100, { order: 2 });
    const older = item('q3', 'z', 'question', 50, { order: 3 });
    const { inbox } = attentionOf({
      waiting: [second, first, older],
      visible: true,
      shownSessionId: undefined,
      preferences: { desktop: false, sound: false },
      access: 'granted',
    });
    expect(inbox.map((i) => i.rpcId)).toEqual(['q3', 'q1', 'q2']);
  });
});
