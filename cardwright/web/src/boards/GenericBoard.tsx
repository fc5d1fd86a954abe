// The board every game gets until it has its own: the game's notes, then every zone as a
// labelled row of cards, the shared zones first (each card there captioned with whose it
// is), each seat's zones under its name (the viewer's own last, nearest the decision panel).
import type { BoardProps } from "./contract";
import { ZoneRow } from "../components/cards";

export function GenericBoard(props: BoardProps) {
  const { frame } = props;
  const notes = frame.board.notes ?? [];
  const shared = frame.zones.filter((z) => z.seat === null);
  const me = frame.seat;
  const order = frame.seats.map((s) => s.seat).filter((s) => s !== me);
  if (me !== null) order.push(me);
  return (
    <div class="generic-board">
      {notes.length > 0 && (
        <ul class="notes">
          {notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      {shared.length > 0 && (
        <div class="seat-area shared">
          {shared.map((z) => (
            <ZoneRow key={z.key} label={z.label} ids={z.cards} owners={frame.seats.length > 1} {...props} />
          ))}
        </div>
      )}
      {order.map((seat) => (
        <div key={seat} class={`seat-area${seat === me ? " mine" : ""}`}>
          <h3>{seat === me ? `${frame.seats[seat].name} (you)` : frame.seats[seat].name}</h3>
          {frame.zones
            .filter((z) => z.seat === seat)
            .map((z) => (
              <ZoneRow key={z.key} label={z.label} ids={z.cards} {...props} />
            ))}
        </div>
      ))}
    </div>
  );
}
