// Smash Up's board: whose turn it is with the plays left and the shared piles; the bases in a
// row (each with its total power against its breakpoint, its VP awards, the actions on it,
// and each player's minions there with their power, counters and the actions attached to
// them, the places if it scored now); the viewer's hand, deck and discard pile; the other
// players (factions, VP, hand, deck and discard pile).
// Everything comes from the game's present.py (frame.board) and the frame's zones; a zone
// the board does not know (a new faction's) is drawn where its key puts it.
import type { BoardProps } from "./contract";
import { SeatName } from "./parts";
import { Card, CardRow, ZoneRow } from "../components/cards";
import "./SmashUp.css";

interface Group {
  seat: number;
  power: number;
  place: number | null;
  vp: number;
  minions: { id: number; actions: number[] }[];
}

interface ExtraZone {
  key: string;
  label: string;
  seat: number | null;
}

interface Base {
  id: number;
  total: number;
  breakpoint: number;
  ready: boolean;
  vp: number[];
  actions: number[];
  players: Group[];
  other: number[];
  zones: ExtraZone[];
}

interface Seat {
  seat: number;
  vp: number;
  factions: string[];
  zones: { hand?: string; deck?: string; discard?: string };
  other: { key: string; label: string }[];
}

interface Turn {
  active: number;
  phase: string;
  plays: string[] | null;
  no_actions: boolean;
}

interface SharedZone {
  key: string;
  label: string;
}

const ORDINAL = ["1st", "2nd", "3rd"];

function cardsOf(props: BoardProps, key: string | undefined): number[] {
  if (!key) return [];
  return props.frame.zones.find((z) => z.key === key)?.cards ?? [];
}

function nameOf(props: BoardProps, seat: number): string {
  return props.frame.seats[seat]?.name ?? `seat ${seat + 1}`;
}

/** A pile (a deck, a discard pile, a shared pile) with its count: a face-up pile as its top
 * card with every card one click away; one with hidden cards as its backs (a run of them
 * as one back with a count) and the cards in it everyone knows, in place. */
function Pile({ label, ids, props }: { label: string; ids: number[]; props: BoardProps }) {
  const top = ids[ids.length - 1];
  const faceUp = ids.every((id) => props.frame.cards[String(id)]?.hidden === false);
  // open while the decision is about one of its cards (taking one back from a discard pile)
  const picked = ids.some((id) => props.picks.has(id)) || undefined;
  return (
    <section class="su-pile" aria-label={`${label}: ${ids.length}`}>
      <h4>
        {label} <span class="count">{ids.length}</span>
      </h4>
      {ids.length === 0 ? (
        <div class="su-empty-pile">empty</div>
      ) : faceUp ? (
        <>
          <Card id={top} {...props} />
          {ids.length > 1 && (
            <details class="su-all" open={picked}>
              <summary>all {ids.length}</summary>
              <CardRow ids={[...ids].reverse()} {...props} />
            </details>
          )}
        </>
      ) : (
        <CardRow ids={ids} {...props} />
      )}
    </section>
  );
}

function SeatPanel({ seat, mine, props }: { seat: Seat; mine: boolean; props: BoardProps }) {
  const { frame } = props;
  const hand = cardsOf(props, seat.zones.hand);
  const deck = cardsOf(props, seat.zones.deck);
  const discard = cardsOf(props, seat.zones.discard);
  const info = frame.seats[seat.seat];
  const name = nameOf(props, seat.seat);
  const goal = frame.board.vp_to_win as number | null;
  const cls = [
    "su-seat",
    `su-seat-${seat.seat}`,
    mine ? "mine" : "",
    info?.active ? "active" : "",
    info?.deciding ? "deciding" : "",
  ].join(" ");
  return (
    <section class={cls} aria-label={`${name}${mine ? " (you)" : ""}`}>
      <header class="su-seat-head">
        <SeatName name={name} mine={mine} />
        {info?.active && <span class="badge">turn</span>}
        <span class="su-factions">{seat.factions.join(" + ")}</span>
        <span class="su-vp" title={goal ? `${seat.vp} of the ${goal} VP that end the game` : "victory points"}>
          <b>{seat.vp}</b> VP
        </span>
        <span class="su-counts">
          hand {hand.length} · deck {deck.length} · discard {discard.length}
        </span>
      </header>
      <div class="su-seat-body">
        <section class="su-hand" aria-label={mine ? "your hand" : `${name}'s hand`}>
          <h4>
            {mine ? "Your hand" : "Hand"} <span class="count">{hand.length}</span>
          </h4>
          {hand.length ? <CardRow ids={hand} {...props} /> : <div class="su-empty-pile">empty</div>}
        </section>
        <Pile label="Deck" ids={deck} props={props} />
        <Pile label="Discard" ids={discard} props={props} />
        {seat.other
          .filter((z) => cardsOf(props, z.key).length > 0)
          .map((z) => (
            <ZoneRow key={z.key} label={z.label} ids={cardsOf(props, z.key)} {...props} />
          ))}
      </div>
    </section>
  );
}

function TurnStrip({ props }: { props: BoardProps }) {
  const { frame } = props;
  const turn = frame.board.turn as Turn;
  const shared = (frame.board.shared as SharedZone[]) ?? [];
  const moving = ((frame.board.moving as SharedZone[]) ?? []).filter((z) => cardsOf(props, z.key).length);
  const whose = frame.seat === turn.active ? "Your turn" : `${nameOf(props, turn.active)}'s turn`;
  return (
    <section class="su-middle" aria-label="the turn and the shared piles">
      <div class="su-turn">
        <p>
          <b>{whose}</b>: {turn.phase}
        </p>
        {turn.plays && (
          <p class="su-plays">
            Plays left: {turn.plays.length ? turn.plays.join(", ") : "none"}
          </p>
        )}
        {turn.no_actions && <p class="su-plays">No actions may be played this turn.</p>}
      </div>
      <div class="su-piles">
        {shared.map((z) => (
          <Pile key={z.key} label={z.label} ids={cardsOf(props, z.key)} props={props} />
        ))}
      </div>
      {moving.map((z) => (
        <div class="su-moving" key={z.key}>
          <ZoneRow label={z.label} ids={cardsOf(props, z.key)} {...props} />
        </div>
      ))}
    </section>
  );
}

function PlayerAtBase({ group, props }: { group: Group; props: BoardProps }) {
  const place = group.place;
  return (
    <div class={`su-group su-seat-${group.seat}`}>
      <div class="su-group-head">
        <b>{nameOf(props, group.seat)}</b> <span class="su-power">{group.power}</span> power
        {place !== null && place <= 3 && (
          <span class="su-place" title="if the base scored now">
            {" "}
            · {ORDINAL[place - 1]}
            {group.vp ? `, ${group.vp} VP` : ""}
          </span>
        )}
      </div>
      {group.minions.map((m) => (
        <div class="su-minion" key={m.id}>
          <Card id={m.id} {...props} />
          {m.actions.length > 0 && (
            <div class="su-attached" aria-label="actions on it">
              {m.actions.map((a) => (
                <Card key={a} id={a} {...props} compact />
              ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

function BaseColumn({ base, props }: { base: Base; props: BoardProps }) {
  const face = props.frame.faces[props.frame.cards[String(base.id)]?.defn ?? ""];
  const name = face?.name ?? "base";
  const filled = Math.min(100, base.breakpoint > 0 ? (100 * base.total) / base.breakpoint : 100);
  return (
    <section
      class={`su-base${base.ready ? " ready" : ""}`}
      aria-label={`${name}: ${base.total} of ${base.breakpoint} power`}
      data-base={base.id}
    >
      <Card id={base.id} {...props} />
      <div class="su-total">
        <b>{base.total}</b> / {base.breakpoint} power
        {base.ready && <span class="badge decide">scores</span>}
      </div>
      <div
        class="su-bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={base.breakpoint}
        aria-valuenow={base.total}
        aria-label="total power against the breakpoint"
      >
        <div style={{ width: `${filled}%` }} />
      </div>
      {base.actions.length > 0 && (
        <div class="su-on-base" aria-label="actions on the base">
          {base.actions.map((a) => (
            <Card key={a} id={a} {...props} compact />
          ))}
        </div>
      )}
      {base.players.length === 0 && base.other.length === 0 && <p class="empty">no minions</p>}
      {base.players.map((g) => (
        <PlayerAtBase key={g.seat} group={g} props={props} />
      ))}
      {base.other.length > 0 && <CardRow ids={base.other} {...props} />}
      {base.zones
        .filter((z) => cardsOf(props, z.key).length > 0)
        .map((z) => (
          <ZoneRow key={z.key} label={z.label} ids={cardsOf(props, z.key)} {...props} />
        ))}
    </section>
  );
}

export function SmashUpBoard(props: BoardProps) {
  const { frame } = props;
  const seats = frame.board.seats as Seat[];
  const bases = frame.board.bases as Base[];
  const me = frame.seat;
  // the others across the table, in turn order from the viewer's left
  const n = seats.length;
  const start = me === null ? 0 : me + 1;
  const others = Array.from({ length: n }, (_, i) => (start + i) % n).filter((s) => s !== me);
  return (
    <div class="su-board">
      <TurnStrip props={props} />
      <div class="su-bases" aria-label="the bases">
        {bases.map((b) => (
          <BaseColumn key={b.id} base={b} props={props} />
        ))}
      </div>
      {me !== null && seats[me] && <SeatPanel seat={seats[me]} mine props={props} />}
      <div class="su-others">
        {others.map((s) => (
          <SeatPanel key={s} seat={seats[s]} mine={false} props={props} />
        ))}
      </div>
    </div>
  );
}
