// Blue Moon's board: the fight between the two peoples. Each side shows its leader, its
// combat area (covered cards as a dimmed pile under the active ones), its support area
// (face-down bluffs as backs), its ships, its fire and earth totals, hand, deck, discard and
// leadership piles; between the sides, the fight: its number, the contested element, the
// power the player to play must reach, the three dragons where they stand, the crystals,
// the dragons a retreat now would give, and the cards played this turn.
import type { ComponentChildren } from "preact";
import type { BoardProps } from "./contract";
import { Legend, SeatName, twoSeats } from "./parts";
import { Back, Card, CardRow, ZoneRow } from "../components/cards";
import "./BlueMoon.css";

type Element = "fire" | "earth";

interface Ship {
  id: number;
  cargo: number[];
}

interface Side {
  people: string;
  leader: number | null;
  totals: Record<Element, number>;
  power: number | null;
  shield: boolean;
  combat: { id: number; covered: boolean }[];
  support: { id: number; bluff: boolean }[];
  in_areas: number;
  wins: number | null;
  hand: number[];
  deck: number;
  discard: number[];
  leadership: number[];
  leadership_now: number | null;
  ships: Ship[];
  landed: Ship[];
}

interface Fight {
  number: number;
  started: boolean;
  element: Element | "";
  start_player: number;
  active: number;
  stage: string; // the turn's phase as the game names it (BMState.phase)
  phase: string; // the same in words
  need: number | null;
  played: number[];
  cards_played: number;
}

interface BlueMoonData {
  fight: Fight;
  sides: Side[];
  dragons: { sides: number[]; middle: number };
  crystals: number[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function cardName(frame: BoardProps["frame"], id: number): string {
  const card = frame.cards[String(id)];
  return (card?.defn && frame.faces[card.defn]?.name) || "a face-down card";
}

function zone(props: BoardProps, key: string): number[] {
  return props.frame.zones.find((z) => z.key === key)?.cards ?? [];
}

/** One of the three plastic dragons. */
function Dragon() {
  return (
    <svg class="bm-dragon" viewBox="0 0 32 32" role="img" aria-label="a dragon">
      <path d="M2 28l4-3q2-2 5-2l1-3-6-16q4 4 7 3q1 3 4 2q0 3 4 5l1-1q1-3 3-5h3l3 2-3 1-2 1q-1 3-2 7l2 6h-2l-2-3-7 1v3h-2l-1-2q-4 1-6 3z" />
      <circle cx="26.5" cy="9.3" r="0.7" class="eye" />
    </svg>
  );
}

function DragonSpot({ label, count, mine }: { label: string; count: number; mine?: boolean }) {
  return (
    <div class={`bm-spot${mine ? " mine" : ""}`} role="group" aria-label={`${label}: ${plural(count, "dragon")}`}>
      <div class="bm-spot-label">{label}</div>
      <div class="bm-spot-dragons">
        {Array.from({ length: count }, (_, i) => (
          <Dragon key={i} />
        ))}
        {count === 0 && <span class="empty">none</span>}
      </div>
    </div>
  );
}

function ElementBadge({ element }: { element: Element | "" }) {
  if (!element) return <span class="bm-element none">no element yet</span>;
  return <span class={`bm-element ${element}`}>{element}</span>;
}

function FightPanel({ data, props, top, bottom }: { data: BlueMoonData; props: BoardProps; top: number; bottom: number }) {
  const { frame } = props;
  const { fight, sides, dragons, crystals } = data;
  const names = frame.seats.map((s) => s.name);
  const you = (p: number) => (frame.seat === p ? `${names[p]} (you)` : names[p]);
  const active = fight.active;
  const opp = 1 - active;
  const element = fight.element;
  return (
    <section class={`bm-fight${element ? ` ${element}` : ""}`} aria-label="the fight">
      <div class="bm-fight-head">
        <h3>
          {fight.started ? (
            <>
              Fight {fight.number} in <ElementBadge element={element} />
            </>
          ) : (
            <>Fight {fight.number}: not opened yet</>
          )}
        </h3>
        <span>start player {names[fight.start_player]}</span>
        {!frame.result && (
          <span class="bm-turn">
            {names[active]}'s turn: {fight.phase}
          </span>
        )}
      </div>
      {fight.started && !frame.result && (
        <p class="bm-match">
          {[active, opp].map((p) => (
            <span key={p} class="bm-total">
              <b>{you(p)}</b> <b class="bm-num">{sides[p].power}</b> {element}
            </span>
          ))}
          {fight.need !== null && (
            <span>
              {names[active]} must reach {fight.need} {element} or retreat
              {(sides[active].power ?? 0) >= fight.need
                ? ": reached"
                : sides[active].shield
                  ? `: an active ${element} shield lets them continue with less`
                  : ""}
            </span>
          )}
        </p>
      )}
      {!fight.started && !frame.result && (
        <p class="bm-match">
          {fight.stage === "announce" ? (
            <>
              {names[fight.start_player]} chooses the element of this fight: {sides[fight.start_player].totals.fire}{" "}
              in fire, {sides[fight.start_player].totals.earth} in earth.
            </>
          ) : (
            <>{names[fight.start_player]} opens the fight with a character and then chooses fire or earth, or declines.</>
          )}
        </p>
      )}
      <div class="bm-dragons" role="group" aria-label="the dragons">
        <DragonSpot label={`${names[top]}'s side`} count={dragons.sides[top]} mine={frame.seat === top} />
        <DragonSpot label="neutral middle" count={dragons.middle} />
        <DragonSpot label={`${names[bottom]}'s side`} count={dragons.sides[bottom]} mine={frame.seat === bottom} />
      </div>
      {fight.started && !frame.result && (
        <ul class="bm-stakes" aria-label="what a retreat now gives">
          {[opp, active].map((p) => (
            <li key={p}>
              If {names[p]} retreats now, {names[1 - p]} attracts {plural(sides[1 - p].wins ?? 0, "dragon")}{" "}
              <span class="muted">({plural(sides[1 - p].in_areas, "card")} in combat and support; six or more: two)</span>
            </li>
          ))}
        </ul>
      )}
      <p class="bm-crystals" aria-label="crystals">
        Crystals:{" "}
        {[top, bottom].map((p) => (
          <span key={p} class="bm-crystal-count">
            {names[p]} <b>◆ {crystals[p]}</b>
          </span>
        ))}
        <span class="muted"> (the winner of the game scores 1 + their dragons)</span>
      </p>
      {fight.played.length > 0 && !frame.result && (
        <p class="bm-played">
          Played this turn by {names[active]} ({plural(fight.cards_played, "card")}):{" "}
          {fight.played.map((id) => cardName(frame, id)).join(", ")}
        </p>
      )}
    </section>
  );
}

function Covered({ ids, props }: { ids: number[]; props: BoardProps }) {
  if (!ids.length) return null;
  return (
    <div class="bm-covered" aria-label={`${plural(ids.length, "covered card")} (not counted)`}>
      <div class="bm-tag">covered ({ids.length})</div>
      <div class="bm-pile">
        {ids.map((id) => (
          <Card key={id} id={id} {...props} compact />
        ))}
      </div>
    </div>
  );
}

function SupportCard({ id, bluff, props }: { id: number; bluff: boolean; props: BoardProps }) {
  const card = props.frame.cards[String(id)];
  const hidden = !card || card.hidden;
  return (
    <div class={`bm-slot${bluff ? " bluff" : ""}`}>
      {hidden ? <Back /> : <Card id={id} {...props} />}
      {bluff && <span class="bm-tag">{hidden ? "bluff, face down: counts 2/2" : "your bluff, face down"}</span>}
    </div>
  );
}

function Ships({ title, ships, props }: { title: string; ships: Ship[]; props: BoardProps }) {
  if (!ships.length) return null;
  return (
    <div class="bm-ships">
      <h4>{title}</h4>
      {ships.map((s) => {
        const face = props.frame.faces[props.frame.cards[String(s.id)]?.defn ?? ""];
        const capacity = face?.numbers.capacity;
        return (
          <div class="bm-ship" key={s.id}>
            <Card id={s.id} {...props} />
            <div class="bm-cargo">
              <div class="bm-tag">
                cargo {s.cargo.length}
                {capacity !== undefined ? ` of ${capacity}` : ""}
              </div>
              {s.cargo.length > 0 && <CardRow ids={s.cargo} {...props} />}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** A combat or support area: its title and card count, its cards or "empty". */
function Area({ kind, title, count, children }: { kind: string; title: string; count: number; children: ComponentChildren }) {
  return (
    <div class={`bm-${kind}`}>
      <h4>
        {title} <span class="count">{count}</span>
      </h4>
      {count === 0 ? <p class="empty">empty</p> : children}
    </div>
  );
}

function SideArea({ seat, data, props }: { seat: number; data: BlueMoonData; props: BoardProps }) {
  const { frame } = props;
  const side = data.sides[seat];
  const { fight } = data;
  const mine = frame.seat === seat;
  const name = frame.seats[seat].name;
  const covered = side.combat.filter((c) => c.covered).map((c) => c.id);
  const active = side.combat.filter((c) => !c.covered).map((c) => c.id);
  const element = fight.element;
  const turn = fight.active === seat && !frame.result;
  const hand = <ZoneRow label={mine ? "Your hand" : "Hand"} ids={side.hand} {...props} />;
  return (
    <section class={`bm-side${mine ? " mine" : ""}${turn ? " active" : ""}`} aria-label={`${name}'s side`}>
      <header class="bm-header">
        <SeatName name={name} mine={mine} />
        <span class="bm-people" title="people">
          {side.people}
        </span>
        {side.leader !== null && (
          <span class="bm-leader">
            leader <Card id={side.leader} {...props} compact />
          </span>
        )}
        <span class="bm-power" aria-label="total power">
          {element ? (
            <>
              <span class={`big bm-c-${element}`}>{side.power}</span> {element}
              {side.shield && <span class={`bm-shield bm-c-${element}`}>{element} shield</span>}
            </>
          ) : (
            <>
              <span class="bm-c-fire">
                <b>{side.totals.fire}</b> fire
              </span>{" "}
              ·{" "}
              <span class="bm-c-earth">
                <b>{side.totals.earth}</b> earth
              </span>
            </>
          )}
        </span>
        <span class="bm-pool">
          <span>
            <b>{data.dragons.sides[seat]}</b> {data.dragons.sides[seat] === 1 ? "dragon" : "dragons"}
          </span>
          {turn && <span class="badge">turn</span>}
        </span>
      </header>
      <div class="bm-areas">
        <Area kind="combat" title="Combat area" count={side.combat.length}>
          <div class="bm-combat-cards">
            <Covered ids={covered} props={props} />
            <div class="card-row">
              {active.map((id) => (
                <Card key={id} id={id} {...props} />
              ))}
            </div>
          </div>
        </Area>
        <Area kind="support" title="Support area" count={side.support.length}>
          <div class="card-row">
            {side.support.map((c) => (
              <SupportCard key={c.id} id={c.id} bluff={c.bluff} props={props} />
            ))}
          </div>
        </Area>
        {side.leadership_now !== null && (
          <div class="bm-leadership-now">
            <h4>Leadership this turn</h4>
            <Card id={side.leadership_now} {...props} />
          </div>
        )}
        <div class="bm-stock">
          {!mine && hand}
          <ZoneRow label="Deck" ids={zone(props, `deck:${seat}`)} {...props} />
        </div>
      </div>
      <Ships title="Ships (influence area)" ships={side.ships} props={props} />
      <Ships title="Landed this turn" ships={side.landed} props={props} />
      {mine && hand}
      <div class="bm-piles">
        <details class="bm-pile-list">
          <summary>Discard pile ({side.discard.length})</summary>
          <CardRow ids={side.discard} {...props} />
        </details>
        <details class="bm-pile-list">
          <summary>Leadership pile ({side.leadership.length})</summary>
          <CardRow ids={side.leadership} {...props} />
        </details>
      </div>
    </section>
  );
}

function IconLegend() {
  return (
    <Legend cls="bm-legend" summary="Icons and terms">
      <li>
        <b>FREE</b>: does not count against the turn's limit of cards.
      </li>
      <li>
        <b>PAIR</b>: two PAIR cards whose names start with the same word may be played together as one.
      </li>
      <li>
        <b>GANG</b> (its gang): more cards of the same gang may follow.
      </li>
      <li>
        <b>STOP</b>: no more cards this turn after it.
      </li>
      <li>
        <b>RETRIEVE</b>: may be taken back into the hand at the beginning of your turn.
      </li>
      <li>
        <b>Fire shield / Earth shield</b>: lets you continue with less power in that element.
      </li>
      <li>
        <b>PROTECTED</b>: the opponent cannot ignore or discard it. <b>BLUFF</b>: may be played face down
        as a support.
      </li>
      <li>
        <b>covered</b>: an earlier character or booster under a newer character, not counted.
        <b> counts</b>: what an active card adds to the total in the contested element now.
      </li>
    </Legend>
  );
}

export function BlueMoonBoard(props: BoardProps) {
  const { frame } = props;
  const data = frame.board as unknown as BlueMoonData;
  const { bottom, top } = twoSeats(frame);
  return (
    <div class="bm-board">
      <SideArea seat={top} data={data} props={props} />
      <FightPanel data={data} props={props} top={top} bottom={bottom} />
      <SideArea seat={bottom} data={data} props={props} />
      <IconLegend />
    </div>
  );
}
