import { describe, it } from 'vitest';
import { PG_SKIPPED_MESSAGE } from './postgres';

// Only the server-pg project runs this file, and only when it found no PostgreSQL at all.
describe('server-pg', () => {
  it.skip(PG_SKIPPED_MESSAGE, () => {});
});
