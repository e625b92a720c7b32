/** "Recently deleted" and the page of a deleted session: one lazy chunk, loaded by `sessions-sidebar.tsx`. */
export { DeletedSessionPage } from './deleted-session.tsx';
export { RecentlyDeleted } from './recently-deleted.tsx';
