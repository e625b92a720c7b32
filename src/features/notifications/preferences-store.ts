/**
 * Preferences → Notifications: desktop notifications and the sound, both off until the person turns them on; view state
 * in zustand, persisted in `localStorage` (key `ui-plan:notifications`; a stored value that is not a boolean counts as
 * off). Beside it, the browser's notification permission as last read (never asked for here: only the Preferences
 * switch asks, after the person turned desktop notifications on).
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist, type PersistStorage } from 'zustand/middleware';
import type { NotificationAccess, NotificationPreferences } from './model/attention.ts';

/** The `localStorage` key of the notification preferences. */
export const NOTIFICATIONS_KEY = 'ui-plan:notifications';

/** Shape of the notification preferences store. */
export type NotificationPreferencesState = NotificationPreferences & {
  /** The browser's permission as last read (`readAccess`). */
  access: NotificationAccess;
  setDesktop: (on: boolean) => void;
  setSound: (on: boolean) => void;
  setAccess: (access: NotificationAccess) => void;
};

/**
 * The browser's notification permission now.
 * @param scope where `Notification` is looked up; default `globalThis`
 */
export function readAccess(scope: { Notification?: { permission: NotificationPermission } } = globalThis): NotificationAccess {
  const api = scope.Notification;
  return api === undefined ? 'unsupported' : api.permission;
}

/**
 * A notification preferences store (the app uses {@link useNotificationPreferences}; tests create their own).
 * @param storage where the choices are kept; default `localStorage`
 */
export function createNotificationPreferencesStore(storage?: PersistStorage<NotificationPreferences>): UseBoundStore<StoreApi<NotificationPreferencesState>> {
  return create<NotificationPreferencesState>()(
    persist<NotificationPreferencesState, [], [], NotificationPreferences>(
      (set) => ({
        desktop: false,
        sound: false,
        access: readAccess(),
        setDesktop: (desktop) => set({ desktop }),
        setSound: (sound) => set({ sound }),
        setAccess: (access) => set({ access }),
      }),
      {
        name: NOTIFICATIONS_KEY,
        version: 1,
        storage: storage ?? createJSONStorage<NotificationPreferences>(() => localStorage),
        partialize: (state) => ({ desktop: state.desktop, sound: state.sound }),
        merge: (persisted, current) => {
          const stored = (persisted ?? {}) as { desktop?: unknown; sound?: unknown };
          return { ...current, desktop: stored.desktop === true, sound: stored.sound === true };
        },
      },
    ),
  );
}

/** The app's notification preferences store. */
export const useNotificationPreferences = createNotificationPreferencesStore();
