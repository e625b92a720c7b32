/**
 * Stop and Send beside the composer's textbox. Stop shows only while a turn runs in a writable session, outlined in
 * the danger colour so it never reads as the primary action; both name the offline reason as their description.
 */
import { ActionButton } from '../../../components/action-button.tsx';
import { useCopy } from '../../../lib/language.ts';
import { composerLocales } from '../locales.ts';

/** Props of {@link ComposerButtons}. */
export interface ComposerButtonsProps {
  /** Show Stop: a turn runs and the session is writable. */
  showStop: boolean;
  /** A stop is on its way (Stop says so and waits). */
  stopping: boolean;
  /** A send is on its way (Send says so). */
  sending: boolean;
  canSend: boolean;
  /** Id of the offline reason when there is one: both buttons are disabled and described by it. */
  offlineId: string | undefined;
  onStop: () => void;
}

/** The two buttons (see {@link ComposerButtonsProps}); Send submits the form. */
export function ComposerButtons({ showStop, stopping, sending, canSend, offlineId, onStop }: ComposerButtonsProps) {
  const copy = useCopy(composerLocales);
  return (
    <>
      {showStop ? (
        <ActionButton
          type="button"
          variant="danger"
          className="composer__button"
          disabled={stopping || offlineId !== undefined}
          aria-describedby={offlineId}
          aria-keyshortcuts="Escape"
          title={copy.stopHint}
          onClick={onStop}
        >
          {stopping ? copy.stopping : copy.stop}
        </ActionButton>
      ) : null}
      <ActionButton type="submit" variant="primary" className="composer__button" disabled={!canSend} aria-describedby={offlineId}>
        {sending ? copy.sending : copy.send}
      </ActionButton>
    </>
  );
}
