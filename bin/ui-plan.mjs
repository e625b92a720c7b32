#!/usr/bin/env node
// Entry of the `ui-plan` command: registers tsx so the TypeScript server runs without a build step,
// then hands the arguments to server/cli.ts and exits with its code.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli.ts');
process.exitCode = await main(process.argv.slice(2));
