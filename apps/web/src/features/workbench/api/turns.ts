/**
 * The workbench's list cards take turns: at most `AT_ONCE` of their loads run at once. The server
 * runs two list calls of a session at once and queues at most eight more (docs/contract.md,
 * expensive calls); the workbench has up to seven list cards, so without turns a screen opened
 * right after it could find the queue full. A slow load holds one turn, never the others.
 */
const AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

function release(): void {
  const next = waiting.shift();
  if (next)
    next(); // the turn passes on: `running` stays the same
  else running--;
}

export async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  if (running < AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await run();
  } finally {
    release();
  }
}
