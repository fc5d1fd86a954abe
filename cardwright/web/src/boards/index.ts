// Each game's board, by game id; a game without one is drawn by the generic board.
import type { Board } from "./contract";
import { GenericBoard } from "./GenericBoard";
import { BizarreWorldBoard } from "./BizarreWorld";
import { BlueMoonBoard } from "./BlueMoon";
import { MunchkinBoard } from "./Munchkin";
import { SmashUpBoard } from "./SmashUp";
import { VariaBoard } from "./Varia";

export const BOARDS: Record<string, Board> = {
  "bizarre-world": BizarreWorldBoard,
  "blue-moon": BlueMoonBoard,
  munchkin: MunchkinBoard,
  "smash-up": SmashUpBoard,
  varia: VariaBoard,
};

export function boardFor(game: string): Board {
  return BOARDS[game] ?? GenericBoard;
}
