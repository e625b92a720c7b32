/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { PairingCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const pairingZhCN: PairingCopy = {
  group: '其他设备',
  pair: '配对手机',
  noRemote: '要在手机上审阅，请用 serve --remote 启动 ui-plan。',
  unavailable: '此服务器不支持配对。',
  dialogTitle: '配对手机',
  scan: '用手机相机扫描此二维码，在手机上为其命名，然后在这里允许。二维码只能使用一次，10 分钟内有效。',
  qrAlt: '配对链接的二维码',
  linkLabel: '配对链接',
  fingerprint: '证书指纹（SHA-256）',
  fingerprintHelp: '手机会提示证书是自签名的：继续之前，请确认手机上显示的是这个指纹。',
  expires: (minutes) => (minutes < 1 ? '不到 1 分钟后失效' : `${minutes} 分钟后失效`),
  newCode: '新二维码',
  close: '关闭',
  allowPrompt: (name) => `配对「${name}」？`,
  allow: '允许',
  deny: '拒绝',
  devices: '已配对的设备',
  noDevices: '没有已配对的设备。',
  pairedAt: (when) => `配对于 ${when}`,
  lastSeen: (when) => `最近使用 ${when}`,
  revoke: '撤销',
  revokeNamed: (name) => `撤销 ${name}`,
  revokeAll: '全部撤销',
  confirmRevokeAll: '撤销所有已配对的设备？每台设备都需要重新配对。',
  failed: (reason) => `操作失败：${reason}`,
  loading: '正在加载…',
  insecure: '与其他设备之间使用明文 HTTP（--insecure-http）：同一网络中的任何人都能看到已配对设备上的计划和回答，并能复制其 Cookie 冒充该设备。',
};
