import type { GameType } from "../../../../domain/games";

/** The games' query keys; the first element alone invalidates a list for every game type. */
export const gameKeys = {
  open: (uuid: string | null, type: GameType) => ["games-open", uuid, type] as const,
  mine: (uuid: string | null, type: GameType) => ["games-mine", uuid, type] as const,
  log: (uuid: string | null, type: GameType) => ["games-log", uuid, type] as const,
  ranking: (type: GameType, start: string, end: string) => ["games-ranking", type, start, end] as const,
};
