/**
 * The "What the model sees" tab of a session: reads the session's model view (the host's projection, or the fold of
 * the loaded events) and its load state from the session layer and shows them in `ModelViewPanel`. Loaded lazily by
 * the app and read through `lazyModule().use()`, never a Suspense fallback (docs/style.md).
 */
import { useSessionHistoryCommands, useSessionLoad } from '../../session/hooks.ts';
import { useSessionModelView } from '../../session/model-view.ts';
import { ModelViewPanel } from './model-view.tsx';

/** @param sessionId the session shown */
export default function SessionModelView({ sessionId }: { sessionId: string }) {
  const { view, complete, source } = useSessionModelView(sessionId);
  const load = useSessionLoad(sessionId);
  const { loadAll } = useSessionHistoryCommands(sessionId);
  return <ModelViewPanel view={view} complete={complete} source={source} onLoadAll={loadAll} loadingAll={load.loadingOlder} />;
}
