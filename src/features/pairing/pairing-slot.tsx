/**
 * The always-loaded part of the pairing slice, kept tiny for the first load: the Other devices group (Preferences) and
 * the warning of a plain-HTTP listener (top of the app) are one chunk, fetched when the page is idle after its first
 * paint and read through `lazyModule().use()` (docs/style.md "Lazy views render at once").
 */
import { useEffect } from 'react';
import { lazyModule, whenIdleAfterPaint } from '../../lib/lazy-module.ts';

const panelModule = lazyModule(() => import('./pairing-panel.tsx'));

/** Preferences → Other devices (see `pairing-panel.tsx`); appears once its chunk is in. */
export function PairingSlot() {
  const Panel = panelModule.use(false)?.PairingPanel;
  useEffect(() => whenIdleAfterPaint(() => void panelModule.load()), []);
  return Panel ? <Panel /> : null;
}

/** The permanent warning of a plain-HTTP listener for other devices (see `pairing-panel.tsx`). */
export function InsecureWarningSlot() {
  const Warning = panelModule.use(false)?.InsecureWarning;
  useEffect(() => whenIdleAfterPaint(() => void panelModule.load()), []);
  return Warning ? <Warning /> : null;
}
