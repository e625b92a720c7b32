/**
 * The chime for a review or question that starts waiting: two short sine tones made with the Web Audio API (no audio
 * file, nothing the Content-Security-Policy would have to allow). Browsers let audio start only after a gesture on the
 * page, so the Preferences switch primes the audio context when the person turns the sound on.
 */

let context: AudioContext | undefined;

/** Create (or resume) the audio context from a user gesture; no-op where Web Audio is missing. */
export function primeSound(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
}

/** Play the chime once (about 0.3 s); silent where Web Audio is missing or the browser has not allowed audio yet. */
export function chime(): void {
  primeSound();
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.15, 1175],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.15);
  }
}
