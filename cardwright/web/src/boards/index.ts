// Each game's board, by game id; a game without one is drawn by the generic board.
import type { Board } from "./contract";
import { GenericBoard } from "./GenericBoard";
import { BizarreWorldBoard } from "./BizarreWorld";

export const BOARDS: Record<string, Board> = {
  "bizarre-world": BizarreWorldBoard,
};

export function boardFor(game: string): Board {
  return BOARDS[game] ?? GenericBoard;
}
