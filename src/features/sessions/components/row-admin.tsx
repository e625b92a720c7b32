/**
 * Rename and Delete of one session row (`capabilities.sessions`): the two quiet buttons, or the inline rename form, or
 * the delete confirmation, one at a time. The buttons are out of the Tab order: the row's link is its one Tab stop,
 * and Arrow Right, F2 or Delete reach them from it (`use-row-keys.ts`). The form and the confirmation are a chunk of
 * their own (they appear only on request), prefetched at idle (`src/app/prefetch.ts`).
 */
import { lazyModule } from '../../../lib/lazy-module.ts';
import { useCopy } from '../../../lib/language.ts';
import { sessionsLocales } from '../locales.ts';

const forms = lazyModule(() => import('./row-admin-forms.ts'));

/**
 * Load the rename form and delete confirmation chunk now (or join the load under way).
 * @returns resolves when it was tried; never rejects
 */
export async function loadRowAdminForms(): Promise<void> {
  await forms.load();
}

/** What the row shows: its buttons, the rename form, or the delete confirmation. */
export type RowAdminMode = 'idle' | 'renaming' | 'confirming';

/** Props of {@link RowAdmin}. */
export interface RowAdminProps {
  mode: RowAdminMode;
  /** The shown title (accessible names, the delete sentence). */
  title: string;
  /** What the rename field starts with (the custom title, else the shown one). */
  initialTitle: string;
  /** What deleting stops besides the log, already worded; undefined when nothing. */
  stops: string | undefined;
  renaming: { saving: boolean; error: string | undefined };
  deleting: boolean;
  onStartRename: () => void;
  onStartDelete: () => void;
  onSave: (title: string) => void;
  onConfirmDelete: () => void;
  /** Close the form or the confirmation. */
  onCancel: () => void;
}

/** The row's admin part (see {@link RowAdminProps}). */
export function RowAdmin({
  mode,
  title,
  initialTitle,
  stops,
  renaming,
  deleting,
  onStartRename,
  onStartDelete,
  onSave,
  onConfirmDelete,
  onCancel,
}: RowAdminProps) {
  const t = useCopy(sessionsLocales);
  // Until the chunk is in (only when asked before the idle prefetch), the row keeps its buttons.
  const loaded = forms.use(mode !== 'idle');
  const RenameForm = loaded?.RenameForm;
  const DeleteDialog = loaded?.DeleteDialog;
  if (mode === 'renaming' && RenameForm)
    return <RenameForm initial={initialTitle} saving={renaming.saving} error={renaming.error} onSave={onSave} onCancel={onCancel} />;
  return (
    <>
      <div className="session-row-actions">
        <button type="button" tabIndex={-1} className="button quiet-button" aria-label={t.rename(title)} onClick={onStartRename}>
          {t.renameShort}
        </button>
        <button type="button" tabIndex={-1} className="button quiet-button" aria-label={t.delete(title)} onClick={onStartDelete}>
          {t.deleteShort}
        </button>
      </div>
      {mode === 'confirming' && DeleteDialog ? (
        <DeleteDialog title={title} stops={stops} deleting={deleting} onConfirm={onConfirmDelete} onCancel={onCancel} />
      ) : null}
    </>
  );
}
