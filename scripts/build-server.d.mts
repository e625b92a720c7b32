/** Types of scripts/build-server.mjs (the server and CLI build of `npm run build`). */

/** Absolute path of the build's output folder (`dist-server/`). */
export declare const SERVER_OUT_DIR: string;

/** Build the server and CLI into `dist-server/` (emptied first); rejects with esbuild's errors. */
export declare function buildServer(): Promise<void>;
