import type { GameRow, GamesRepository } from './games.repository';

/**
 * The games of the rental platform that per-game profit ratios refer to, in display order. Until
 * the platform reports its catalogue through the ingestion API, this list is what a start adds.
 */
export const GAME_CATALOGUE = [
  '英雄联盟',
  '王者荣耀',
  '和平精英',
  '穿越火线',
  '地下城与勇士',
  '绝地求生',
  '永劫无间',
  'CS2',
  '无畏契约',
  '原神',
  '逆战',
  '使命召唤手游',
  'QQ飞车',
  '梦幻西游',
  '魔兽世界',
] as const;

export function createGamesService(repo: GamesRepository) {
  return {
    /** Every game, in display order. */
    list: (): Promise<GameRow[]> => repo.all(),
    /** The games of these ids that exist. */
    byIds: (ids: readonly number[]): Promise<GameRow[]> => repo.byIds(ids),
    /** Adds the missing games of the catalogue (idempotent). */
    ensureCatalogue: (): Promise<void> =>
      repo.ensure(GAME_CATALOGUE.map((name, i) => ({ name, sortOrder: (i + 1) * 10 }))),
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
