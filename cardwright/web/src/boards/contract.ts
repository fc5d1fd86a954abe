// The board contract (docs/server.md, "Writing a board"). A game's board is a Preact
// component taking BoardProps; it is registered in boards/index.ts under the game's id.
// Everything it shows comes from `frame` (the seat's view as the server presents it: the
// generic part and `frame.board`, what the game's present.py returned). It draws cards with
// <Card>, <CardRow> or <ZoneRow> (components/cards.tsx), which show each card's whole text
// on hover, tap and keyboard focus and offer the pending decision's options about it; it
// may call `choose(optionId)` with any option of `frame.decision` (the decision panel beside
// the board always lists them all, so a board need not offer every one).
import type { Frame } from "../types";
import type { Picks } from "../components/cards";

export interface BoardProps {
  frame: Frame;
  /** the options of the pending decision about each card id (empty unless it is yours) */
  picks: Picks;
  /** answer the pending decision with an option id */
  choose: (optionId: string) => void;
}

export type Board = (props: BoardProps) => preact.JSX.Element;
