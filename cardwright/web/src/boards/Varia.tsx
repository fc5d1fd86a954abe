// Varia's board: the duel of two players on one shared timeline. Each player shows their
// health and action points, their stacks, their items (ruined ones turned and marked), their
// queue, hand, deck, discard and forgotten piles; between them, the turn (its number, the
// active player, the step, engaged or disengaged) and the timeline: its moments numbered from
// 1, each with both players' actions (a combo's cards together), their targets, costs and
// dice now, disrupted marks, and once the moment has resolved what the action did. Below it,
// the clashes of the turn resolving (or of the last turn that resolved): each moment's dice
// as rolled, power on six-sided dice, focus on four-sided ones, both tries of an improved or
// impaired roll with the one not kept struck out, the totals, hits, misses and damage.
// The timeline, players and turn come from the game's present.py (frame.board); the clashes
// from the data of the log's events the page holds (each roll is an event, sent once).
import type { BoardProps } from "./contract";
import { Legend, SeatName, twoSeats } from "./parts";
import type { LogEvent } from "../types";
import { Card, CardRow, ZoneRow } from "../components/cards";
import "./Varia.css";

interface Action {
  cards: number[];
  name: string;
  target: number;
  cost: number;
  health_cost: number;
  power: string;
  focus: string;
  types: string;
  keywords: string[];
  advantage: string;
  disrupted: boolean;
  performed: boolean;
  result?: { hit: boolean; power: number; focus: number; damage: number };
}

interface Moment {
  number: number;
  real: boolean;
  status: "planned" | "resolving" | "resolved";
  slots: (Action | null)[];
}

interface Player {
  health: number;
  max_health: number;
  ap: number;
  max_ap: number;
  items: { id: number; ruined: boolean }[];
  stacks: { id: number; name: string; count: number }[];
  queue: Action[];
  hand: number[];
  deck: number;
  discard: number[];
  forgotten: number[];
  on_timeline: number;
}

interface Turn {
  number: number;
  active: number;
  step: string;
  words: string;
  engaged: boolean;
  moment: number | null;
  moments: number;
}

interface VariaData {
  turn: Turn;
  timeline: Moment[];
  players: Player[];
}

// ------------------------------------------------------------------ the clashes, from the log
// Each is read from the events' data (varia/game.py roll_data, clash.py, resolution.py),
// never from their words: the log's text may be reworded freely.

/** A roll of power or focus: its event's data as varia/game.py's roll_data writes it. */
export interface DiceRoll {
  roll: "power" | "focus";
  count: number;
  sides: number;
  tries: number[][]; // every try's faces as rolled (two for an improved or impaired roll)
  kept: number; // the index of the try kept
  advantage: "improved" | "impaired" | "";
  fixed: number | null; // every die then counted as this
  total: number;
}

export interface ClashSide {
  status: "performed" | "unpaid" | "disrupted" | "";
  card: number | null;
  name: string;
  rolls: DiceRoll[];
  power: number | null;
  focus: number | null;
  bases: [string, string] | null; // the notation of power and focus ("2+1d6", "2+1d4")
  outcome: string;
  hit: boolean | null;
  damage: number;
  why: string; // why it was not performed
}

export interface Clash {
  turn: number;
  moment: number;
  of: number;
  sides: ClashSide[];
  also: string[]; // the other events of the moment (triggers, stacks, health regained)
}

function side(): ClashSide {
  return {
    status: "",
    card: null,
    name: "",
    rolls: [],
    power: null,
    focus: null,
    bases: null,
    outcome: "",
    hit: null,
    damage: 0,
    why: "",
  };
}

const isNumber = (v: unknown): v is number => typeof v === "number";
const isFaces = (v: unknown): v is number[] => Array.isArray(v) && v.every(isNumber);

/** The roll of power or focus an event of the log carries, or null (another event, a roll
 * for health, or data not of that shape). */
export function rollOf(e: LogEvent): DiceRoll | null {
  const d = e.data;
  if (e.kind !== "roll" || (d.roll !== "power" && d.roll !== "focus")) return null;
  const { count, sides, tries, kept, advantage, fixed, total } = d;
  if (!isNumber(count) || !isNumber(sides) || !isNumber(kept) || !isNumber(total)) return null;
  if (!Array.isArray(tries) || !tries.length || !tries.every(isFaces) || !tries[kept]) return null;
  if (advantage !== "improved" && advantage !== "impaired" && advantage !== "") return null;
  if (fixed !== null && !isNumber(fixed)) return null;
  return { roll: d.roll, count, sides, tries, kept, advantage, fixed, total };
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The clashes of the last turn whose moments resolved (the one resolving now, or the one
 * before), from the log: each moment with both players' actions, rolls and outcomes. */
export function lastClashes(log: LogEvent[]): Clash[] {
  let last = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].kind === "moment") {
      last = i;
      break;
    }
  }
  if (last < 0) return [];
  const turn = log[last].turn;
  let first = last;
  while (first > 0 && log[first - 1].turn === turn) first--;
  const out: Clash[] = [];
  for (const e of log.slice(first)) {
    const d = e.data;
    if (e.kind === "moment") {
      if (isNumber(d.moment) && isNumber(d.of))
        out.push({ turn, moment: d.moment, of: d.of, sides: [side(), side()], also: [] });
      continue;
    }
    const clash = out[out.length - 1];
    if (!clash) continue;
    if (e.kind === "cleanup" || e.kind === "end_turn" || e.kind === "turn") break;
    const s = e.seat === 0 || e.seat === 1 ? clash.sides[e.seat] : null;
    const roll = rollOf(e);
    if (s && e.kind === "perform") {
      s.status = "performed";
      s.card = e.card;
      s.name = text(d.name);
    } else if (s && e.kind === "unpaid") {
      s.status = "unpaid";
      s.why = e.text;
    } else if (s && e.kind === "not_performed") {
      s.status = "disrupted";
      s.why = e.text;
    } else if (s && roll) {
      s.rolls.push(roll);
    } else if (s && e.kind === "totals" && isNumber(d.power) && isNumber(d.focus)) {
      s.name = text(d.name) || s.name;
      s.power = d.power;
      s.focus = d.focus;
      s.bases = [text(d.power_of), text(d.focus_of)];
    } else if (s && (e.kind === "hit" || e.kind === "miss")) {
      s.hit = e.kind === "hit";
      s.damage = isNumber(d.damage) ? d.damage : 0;
      s.outcome = e.text;
    } else if (!(e.kind === "health" && e.rule === "va.clash.damage") && e.kind !== "queued") {
      clash.also.push(e.text);
    }
  }
  return out;
}

// ------------------------------------------------------------------ pieces

function Meter({ label, value, max, kind }: { label: string; value: number; max: number; kind: string }) {
  const width = `${Math.max(0, Math.min(100, (100 * value) / Math.max(1, max)))}%`;
  return (
    <span class={`va-meter va-${kind}`} role="group" aria-label={`${label}: ${value} of ${max}`}>
      <span class="va-meter-label">{label}</span>
      <b class="va-meter-value">{value}</b>
      <span class="va-meter-max">/{max}</span>
      <span class="va-meter-bar" aria-hidden="true">
        <span style={{ width }} />
      </span>
    </span>
  );
}

function Die({ face, sides, kept }: { face: number; sides: number; kept: boolean }) {
  return (
    <span class={`va-die d${sides}${kept ? "" : " dropped"}`} aria-label={`d${sides}: ${face}`}>
      <span>{face}</span>
    </span>
  );
}

function Roll({ roll }: { roll: DiceRoll }) {
  return (
    <span class="va-roll" data-what={roll.roll}>
      <span class="va-roll-what">{roll.roll}</span>
      {roll.tries.map((t, i) => (
        <span key={i} class={`va-try${i !== roll.kept ? " dropped" : ""}`}>
          {t.map((f, j) => (
            <Die key={j} face={f} sides={roll.sides} kept={i === roll.kept} />
          ))}
        </span>
      ))}
      {roll.advantage && <span class={`va-adv ${roll.advantage}`}>{roll.advantage}</span>}
      {roll.fixed !== null && <span class="va-adv fixed">each die counts {roll.fixed}</span>}
    </span>
  );
}

function Keywords({ action }: { action: Action }) {
  const words = [...action.keywords, ...(action.advantage ? [action.advantage] : [])];
  if (!words.length) return null;
  return (
    <span class="va-keywords">
      {words.map((w) => (
        <span key={w} class={`va-kw ${w}`}>
          {w}
        </span>
      ))}
    </span>
  );
}

/** An action on the timeline or in a queue: its cards, its target, what it costs and rolls. */
function ActionView({
  action,
  props,
  seat,
  compact = false,
}: {
  action: Action;
  props: BoardProps;
  seat: number;
  compact?: boolean;
}) {
  const { frame } = props;
  const target = frame.seats[action.target]?.name ?? "";
  const combo = action.cards.length > 1;
  return (
    <div
      class={`va-action${action.disrupted ? " disrupted" : ""}${combo ? " combo" : ""}${compact ? " compact" : ""}`}
      data-seat={seat}
      aria-label={`${action.name}${action.disrupted ? ", disrupted" : ""}`}
    >
      {!compact && (
        <div class="va-owner">
          {frame.seats[seat]?.name}
          {combo && <span class="va-combo-name">: {action.name}</span>}
        </div>
      )}
      <div class="va-action-cards">
        {action.cards.map((id) => (
          <Card key={id} id={id} {...props} compact={compact} />
        ))}
      </div>
      <div class="va-action-line">
        <span class="va-target" title="target">
          → {target}
        </span>
        <span title="cost">
          {action.cost} AP{action.health_cost ? ` + ${action.health_cost} health` : ""}
        </span>
        <span title="power | focus">
          <span class="va-shape power">{action.power}</span> <span class="va-shape focus">{action.focus}</span>
        </span>
        <Keywords action={action} />
      </div>
      {action.disrupted && <div class="va-mark disrupted">disrupted</div>}
      {action.result && (
        <div class="va-result">
          {!action.performed
            ? "not performed"
            : `power ${action.result.power}, focus ${action.result.focus}` +
              (action.result.hit ? `: hit, ${action.result.damage} damage` : "")}
        </div>
      )}
    </div>
  );
}

function MomentView({ moment, props, top, bottom }: { moment: Moment; props: BoardProps; top: number; bottom: number }) {
  const slot = (p: number) => {
    const action = moment.slots[p];
    const name = props.frame.seats[p].name;
    return action ? (
      <ActionView action={action} props={props} seat={p} />
    ) : (
      <div class="va-empty" data-seat={p}>
        no action of {name}
      </div>
    );
  };
  return (
    <li
      class={`va-moment ${moment.status}${moment.real ? "" : " virtual"}`}
      aria-label={`moment ${moment.number}`}
      data-moment={moment.number}
    >
      {slot(top)}
      <div class="va-moment-no">
        <span class="va-moment-title">moment {moment.number}</span>
        {!moment.real && <span class="va-tag">beyond the last moment: to the queue</span>}
        {moment.status === "resolving" && <span class="va-tag now">resolving</span>}
        {moment.status === "resolved" && <span class="va-tag">resolved</span>}
      </div>
      {slot(bottom)}
    </li>
  );
}

function TurnBar({ data, props }: { data: VariaData; props: BoardProps }) {
  const { frame } = props;
  const { turn } = data;
  const active = frame.seats[turn.active]?.name;
  return (
    <div class="va-turn">
      <h3>
        Turn {turn.number}: {active}
        {frame.seat === turn.active ? " (you)" : ""} active
      </h3>
      {!frame.result && <span class="va-step">{turn.words}</span>}
      {turn.moment !== null && (
        <span class="va-step">
          moment {turn.moment} of {turn.moments}
        </span>
      )}
      <span class={`va-distance ${turn.engaged ? "engaged" : "disengaged"}`}>
        {turn.engaged ? "⚔ engaged" : "↔ disengaged"}
      </span>
    </div>
  );
}

function Timeline({ data, props, top, bottom }: { data: VariaData; props: BoardProps; top: number; bottom: number }) {
  const { timeline, turn } = data;
  return (
    <section class="va-timeline" aria-label="the timeline">
      <TurnBar data={data} props={props} />
      {timeline.length === 0 ? (
        <p class="va-none">
          The timeline is empty
          {turn.step === "action" || turn.step === "movement" || turn.step === "start"
            ? `: ${props.frame.seats[turn.active].name} plans first, each action a new moment.`
            : "."}
        </p>
      ) : (
        <ol class="va-moments">
          {timeline.map((m) => (
            <MomentView key={m.number} moment={m} props={props} top={top} bottom={bottom} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ClashSideView({ s, seat, props }: { s: ClashSide; seat: number; props: BoardProps }) {
  const name = props.frame.seats[seat].name;
  if (!s.status)
    return (
      <div class="va-clash-side none" data-seat={seat}>
        {name}: no action
      </div>
    );
  if (s.status !== "performed")
    return (
      <div class={`va-clash-side ${s.status}`} data-seat={seat}>
        {s.why}
      </div>
    );
  const power = s.rolls.find((r) => r.roll === "power");
  const focus = s.rolls.find((r) => r.roll === "focus");
  const shown = s.card !== null ? props.frame.cards[String(s.card)] : undefined;
  const card = shown && !shown.hidden && s.card !== null ? s.card : null;
  const printed = shown?.defn ? props.frame.faces[shown.defn]?.name : undefined;
  return (
    <div class={`va-clash-side${s.hit === true ? " hit" : s.hit === false ? " missed" : ""}`} data-seat={seat}>
      <div class="va-clash-name">
        <b>{name}</b>:{" "}
        {card !== null ? <Card id={card} {...props} compact /> : <span>{s.name}</span>}
        {card !== null && s.name && s.name !== printed && <span class="va-muted"> ({s.name})</span>}
      </div>
      <div class="va-dice">
        {power && <Roll roll={power} />}
        {focus && <Roll roll={focus} />}
      </div>
      {s.power !== null && (
        <div class="va-totals">
          total power <b>{s.power}</b> <span class="va-muted">({s.bases?.[0]})</span>, total focus <b>{s.focus}</b>{" "}
          <span class="va-muted">({s.bases?.[1]})</span>
        </div>
      )}
      {s.outcome && <div class="va-outcome">{s.outcome}</div>}
    </div>
  );
}

/** A moment in which neither player had an action. */
const quiet = (c: Clash) => c.sides.every((s) => !s.status);

function Clashes({ props, top, bottom, turn }: { props: BoardProps; top: number; bottom: number; turn: number }) {
  const { frame } = props;
  const clashes = lastClashes(frame.log);
  if (!clashes.length) return null;
  const when = clashes[0].turn === turn ? "this turn" : `turn ${clashes[0].turn}`;
  return (
    <section class="va-clashes" aria-label="the clashes">
      <h3>
        Clashes of {when} <span class="va-muted">(power: d6 squares, focus: d4 triangles)</span>
      </h3>
      <ol>
        {clashes.map((c) => (
          <li key={c.moment} class={`va-clash${quiet(c) ? " quiet" : ""}`} data-moment={c.moment}>
            <div class="va-clash-head">
              moment {c.moment} of {c.of}
              {quiet(c) ? ": no action" : ""}
            </div>
            {!quiet(c) &&
              [top, bottom].map((p) => (
                <ClashSideView key={p} s={c.sides[p]} seat={p} props={props} />
              ))}
            {c.also.length > 0 && (
              <ul class="va-also">
                {c.also.map((t, i) => (
                  <li key={i}>{t}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function QueueView({ queue, props, seat }: { queue: Action[]; props: BoardProps; seat: number }) {
  if (!queue.length) return null;
  return (
    <div class="va-queue">
      <h4>
        Queue <span class="count">{queue.length}</span>{" "}
        <span class="va-muted">(onto the timeline first, in this order)</span>
      </h4>
      <ol class="va-queue-list">
        {queue.map((a, i) => (
          <li key={i}>
            <ActionView action={a} props={props} seat={seat} compact />
          </li>
        ))}
      </ol>
    </div>
  );
}

function PlayerArea({ seat, data, props }: { seat: number; data: VariaData; props: BoardProps }) {
  const { frame } = props;
  const player = data.players[seat];
  const mine = frame.seat === seat;
  const name = frame.seats[seat].name;
  const active = data.turn.active === seat && !frame.result;
  const deciding = frame.seats[seat].deciding;
  const deck = frame.zones.find((z) => z.key === `deck:${seat}`)?.cards ?? [];
  const hand = <ZoneRow label={mine ? "Your hand" : "Hand"} ids={player.hand} {...props} />;
  return (
    <section
      class={`va-player${mine ? " mine" : ""}${active ? " active" : ""}${deciding ? " deciding" : ""}`}
      aria-label={`${name}'s side`}
    >
      <header class="va-head">
        <SeatName name={name} mine={mine} />
        {active && <span class="badge">active</span>}
        <Meter label="health" value={player.health} max={player.max_health} kind="health" />
        <Meter label="AP" value={player.ap} max={player.max_ap} kind="ap" />
        <span class="va-stacks" aria-label="stacks">
          {player.stacks.length === 0 ? (
            <span class="va-muted">no stacks</span>
          ) : (
            player.stacks.map((s) => (
              <span key={s.id} class="va-stack">
                <Card id={s.id} {...props} compact />
              </span>
            ))
          )}
        </span>
      </header>
      <div class="va-body">
        <div class="va-items">
          <h4>
            Items <span class="count">{player.items.length}</span>
          </h4>
          <div class="card-row">
            {player.items.map((it) => (
              <div key={it.id} class={`va-item${it.ruined ? " ruined" : ""}`}>
                <Card id={it.id} {...props} />
              </div>
            ))}
            {player.items.length === 0 && <span class="va-muted">none in the item zone</span>}
          </div>
        </div>
        <div class="va-stock">
          {!mine && <div class="va-hand">{hand}</div>}
          <ZoneRow label="Deck" ids={deck} {...props} />
        </div>
        <div class="va-piles">
          <details class="va-pile">
            <summary>Discard pile ({player.discard.length})</summary>
            <CardRow ids={player.discard} {...props} />
          </details>
          <details class="va-pile">
            <summary>
              Forgotten ({player.forgotten.length}
              {mine ? "" : ", face down"})
            </summary>
            <CardRow ids={player.forgotten} {...props} />
          </details>
        </div>
        <QueueView queue={player.queue} props={props} seat={seat} />
      </div>
      {mine && <div class="va-hand mine">{hand}</div>}
    </section>
  );
}

export function VariaBoard(props: BoardProps) {
  const { frame } = props;
  const data = frame.board as unknown as VariaData;
  const { bottom, top } = twoSeats(frame);
  return (
    <div class="va-board">
      <PlayerArea seat={top} data={data} props={props} />
      <Timeline data={data} props={props} top={top} bottom={bottom} />
      <Clashes props={props} top={top} bottom={bottom} turn={data.turn.number} />
      <PlayerArea seat={bottom} data={data} props={props} />
      <Legend cls="va-legend" summary="Terms">
        <li>
          <b>Power</b> X+1d6 (a square), <b>focus</b> X+1d4 (a triangle); a combo adds its cards' numbers and
          dice.
        </li>
        <li>
          An attack hits a block when its total focus is at least the block's; it deals its total power less the
          power opposing it. Disengaged, an attack misses unless it is <b>ranged</b>.
        </li>
        <li>
          <b>Improved</b>: each roll is made twice and the higher kept; <b>impaired</b>: the lower. The try not
          kept is struck out.
        </li>
        <li>
          <b>Disrupted</b>: the action no longer counts (actions against it are unopposed). <b>Ruined</b>: the
          item cannot be used and its rules do nothing.
        </li>
        <li>
          <b>Queue</b>: actions that could not be paid for wait there, in order, and go onto the timeline first
          next turn.
        </li>
      </Legend>
    </div>
  );
}
