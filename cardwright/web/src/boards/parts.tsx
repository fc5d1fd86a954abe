// What several boards draw alike: a seat's name (the viewer's own marked "(you)"), which of
// two seats a board draws at the bottom and which at the top, and a folded list of the
// board's terms.
import type { ComponentChildren } from "preact";
import type { Frame } from "../types";

/** A seat's name as the heading of its area. */
export function SeatName({ name, mine }: { name: string; mine: boolean }) {
  return (
    <h3>
      {name}
      {mine ? " (you)" : ""}
    </h3>
  );
}

/** A two-seat board's seats: the viewer's at the bottom (seat 0's for a spectator), the
 * other at the top. */
export function twoSeats(frame: Frame): { bottom: number; top: number } {
  const bottom = frame.seat ?? 0;
  return { bottom, top: 1 - bottom };
}

/** The board's terms, folded under ``summary`` (``cls``: the board's own class). */
export function Legend({ cls, summary, children }: { cls: string; summary: string; children: ComponentChildren }) {
  return (
    <details class={cls}>
      <summary>{summary}</summary>
      <ul>{children}</ul>
    </details>
  );
}
