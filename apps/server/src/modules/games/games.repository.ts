import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type GameRow, games } from '../../db/schema/games';

export type { GameRow } from '../../db/schema/games';

export function createGamesRepository(db: Database) {
  return {
    async all(): Promise<GameRow[]> {
      return db.q().select().from(games).orderBy(asc(games.sortOrder), asc(games.id));
    },
    async byIds(ids: readonly number[]): Promise<GameRow[]> {
      if (ids.length === 0) return [];
      return db
        .q()
        .select()
        .from(games)
        .where(inArray(games.id, [...ids]));
    },
    /** Adds the games not there yet (by name); existing rows are left as they are. */
    async ensure(rows: readonly { name: string; sortOrder: number }[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .q()
        .insert(games)
        .values([...rows])
        .onConflictDoNothing({ target: games.name });
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
