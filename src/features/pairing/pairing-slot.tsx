/**
 * The always-loaded part of the pairing slice, kept tiny for the first load: the Other devices group (Preferences) and
 * the warning of a plain-HTTP listener (top of the app) are one chunk, in the idle prefetch list (`src/app/prefetch.ts`)
 * and read through `lazyModule().use()` (docs/style.md "Lazy views render at once").
 */
import { lazyModule } from '../../lib/lazy-module.ts';

const panelModule = lazyModule(() => import('./pairing-panel.tsx'));

/**
 * Load the pairing chunk now (or join the load under way).
 * @returns resolves when it was tried; never rejects
 */
export async function loadPairingPanel(): Promise<void> {
  await panelModule.load();
}

/** Preferences → Other devices (see `pairing-panel.tsx`); appears once its chunk is in. */
export function PairingSlot() {
  const Panel = panelModule.use(false)?.PairingPanel;
  return Panel ? <Panel /> : null;
}

/** The permanent warning of a plain-HTTP listener for other devices (see `pairing-panel.tsx`). */
export function InsecureWarningSlot() {
  const Warning = panelModule.use(false)?.InsecureWarning;
  return Warning ? <Warning /> : null;
}
