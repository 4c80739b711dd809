/**
 * When the console's requests last came or went. With PGlite the database runs on the server's
 * own thread: a statement of the background work (the settlement, the statistics' catch-up) holds
 * every request until it ends, so that work gives way to the requests (settlement-worker.ts).
 */
export function createRequestActivity() {
  let last = Number.NEGATIVE_INFINITY;
  return {
    /** A request came or was answered. */
    note(): void {
      last = performance.now();
    },
    /** Milliseconds since then (infinite before the first). */
    quietForMs(): number {
      return performance.now() - last;
    },
  };
}

export type RequestActivity = ReturnType<typeof createRequestActivity>;
