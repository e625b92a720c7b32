/**
 * The User Timing marks ui-plan sets (`performance.mark`), named once for the app and for `npm run bench:browser`,
 * which reads them in the page.
 */

/**
 * Set in the commit that shows a question's card or flow (not its loading line), with the question's rpcId as
 * `detail` (src/app/dock.tsx). The bench splits "frame → in the DOM" at it into ui-plan's intake and render, and what
 * runs after the commit until the page's own observers see the card (effects, the browser's work); it also shows in a
 * DevTools performance recording.
 */
export const QUESTION_SHOWN_MARK = 'ui-plan:question-shown';
