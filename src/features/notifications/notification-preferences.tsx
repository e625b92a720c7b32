/**
 * Preferences → Notifications: two switches, desktop notifications and a sound, both off by default. Turning desktop
 * notifications on is what asks the browser's permission (never on load); a refused or missing permission leaves the
 * switch off and says why. Turning the sound on primes the audio (browsers play it only after a gesture); with the sound
 * on, the first click or key press after a reload primes it again.
 */
import { useEffect, useId, useState } from 'react';
import { useCopy } from '../../lib/language.ts';
import { notificationsLocales } from './locales.ts';
import { readAccess, useNotificationPreferences } from './preferences-store.ts';
import { primeSound } from './sound.ts';
import './notification-preferences.css';

/** Render the Notifications group (inside the Preferences section). */
export function NotificationPreferences() {
  const t = useCopy(notificationsLocales);
  const { desktop, sound, access, setDesktop, setSound, setAccess } = useNotificationPreferences();
  const [asking, setAsking] = useState(false);
  const noteId = useId();
  // The permission can change in the browser's site settings while the page is open: read it again when the page is shown.
  useEffect(() => {
    const refresh = () => setAccess(readAccess());
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [setAccess]);

  // After a reload the audio may start only after a gesture on the page: the first click or key press primes it.
  useEffect(() => {
    if (!sound) return undefined;
    const prime = () => {
      primeSound();
      document.removeEventListener('pointerdown', prime, true);
      document.removeEventListener('keydown', prime, true);
    };
    document.addEventListener('pointerdown', prime, true);
    document.addEventListener('keydown', prime, true);
    return () => {
      document.removeEventListener('pointerdown', prime, true);
      document.removeEventListener('keydown', prime, true);
    };
  }, [sound]);

  const toggleDesktop = async (on: boolean) => {
    if (!on) {
      setDesktop(false);
      return;
    }
    const current = readAccess();
    setAccess(current);
    if (current === 'granted') setDesktop(true);
    if (current !== 'default') return;
    setAsking(true);
    try {
      const answer = await Notification.requestPermission();
      setAccess(answer);
      setDesktop(answer === 'granted');
    } catch {
      setAccess(readAccess());
    } finally {
      setAsking(false);
    }
  };

  let note: string | undefined;
  if (asking) note = t.asking;
  else if (access === 'unsupported') note = t.unsupported;
  else if (access === 'denied') note = t.denied;
  const desktopOn = desktop && access === 'granted';
  return (
    <fieldset className="notification-preferences" aria-describedby={note ? noteId : undefined}>
      <legend>{t.group}</legend>
      <label>
        <input
          type="checkbox"
          checked={desktopOn}
          disabled={asking || access === 'unsupported'}
          onChange={(event) => void toggleDesktop(event.target.checked)}
        />
        {t.desktop}
      </label>
      <label>
        <input
          type="checkbox"
          checked={sound}
          onChange={(event) => {
            if (event.target.checked) primeSound();
            setSound(event.target.checked);
          }}
        />
        {t.sound}
      </label>
      {note ? (
        <p id={noteId} className="quiet notification-preferences__note" role="status">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
