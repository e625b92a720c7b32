/** The rename form and the delete confirmation of a session row: one lazy chunk, loaded by `row-admin.tsx`. */
export { DeleteDialog } from './delete-dialog.tsx';
export { RenameForm } from './rename-form.tsx';
