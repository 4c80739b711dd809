import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs a server entry (`process.argv[2]`, e.g. `src/server.ts`) in this very process, and ends the
 * process when its stdin ends. `spawnServer` (test/spawn-server.ts) holds that pipe open and never
 * writes to it: when the test process dies without stopping its server (a run killed midway), the
 * pipe closes and the server goes with it instead of running on. Signals sent to the child reach
 * the server itself (the same process), SIGKILL included.
 */
const entry = process.argv[2];
if (!entry) throw new Error('usage: node --import tsx test/with-parent.ts <entry>');
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
// The pipe alone must not keep the process up: the server's own shutdown still ends it.
process.stdin.unref();
await import(pathToFileURL(resolve(entry)).href);
