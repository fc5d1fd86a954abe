// Munchkin's board: the sale the player is making (what is picked, the running total, what
// it buys, and the confirm); the fight (both sides' strengths and what they are made of, the
// monsters with the cards played on them, the helper and the offer, what is at stake) with
// the response window (whose answer it is, who has passed); the Door and Treasure decks and
// discards; each player's Level, sex, race and class, equipment by slot, Big Items,
// carried Items, other cards in play and hand by back; the player's own hand. Everything
// comes from the frame (the seat's view) and what the game's present.py worked out from it.
import type { ComponentChildren } from "preact";
import type { BoardProps } from "./contract";
import { SeatName } from "./parts";
import { Card, CardRow } from "../components/cards";
import type { Option } from "../types";
import "./Munchkin.css";

interface Strength {
  total: number;
  level: number;
  items: number;
  extra: number;
  double: boolean;
}

interface Player {
  seat: number;
  level: number;
  sex: string;
  dead: boolean;
  reborn: boolean;
  role: "fighter" | "helper" | null;
  strength: Strength;
  races: number[];
  classes: number[];
  slots: Record<"headgear" | "armor" | "footgear" | "hands" | "other", number[]>;
  hands_used: number;
  big: number[];
  big_any: boolean;
  carried: number[];
  others: number[];
  hand: { door: number; treasure: number };
}

interface Monster {
  card: number;
  strength: number;
  level: number;
  treasures: number;
  levels: number;
  undead: boolean;
  mate_of: number | null;
  cards: number[];
}

interface Offer {
  to: number;
  items: number[];
  share: string;
  demand: string | null;
  stage: "compose" | "reply" | "counter";
}

interface Fight {
  fighter: number;
  helper: number | null;
  forced_help: boolean;
  share: string;
  asked: number[];
  offer: Offer | null;
  strengths: Record<string, Strength>;
  party: { card: number; bonus: number }[];
  also: { card: number; seat: number | null }[];
  side: number;
  monsters: Monster[];
  foes: number;
  winning: boolean;
  wins_ties: boolean;
  removed: number[];
  spoils: number;
  treasures: number;
  levels: number;
  words: string[];
}

interface Window {
  kind: string;
  text: string;
  rule: string;
  order: number[];
  passed: number[];
  asking: number | null;
  card: number | null;
}

interface Sale {
  picked: { card: number; gold: number }[];
  double: number | null;
  total: number;
  levels: number;
  lost: number;
  need: number | null;
  level: number;
  per_level: number;
}

interface Attachment {
  host: number;
  how: string;
}

interface MunchkinData {
  players: Player[];
  attached: Record<string, Attachment>;
  combat: Fight | null;
  window: Window | null;
  sale: Sale | null;
}

const SLOT_WORDS: [keyof Player["slots"], string][] = [
  ["headgear", "Headgear"],
  ["armor", "Armour"],
  ["footgear", "Footgear"],
  ["hands", "Hands"],
  ["other", "Other"],
];

const gp = (n: number) => `${n.toLocaleString("en")} Gold Pieces`;
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

function zone(props: BoardProps, key: string): number[] {
  return props.frame.zones.find((z) => z.key === key)?.cards ?? [];
}

function cardName(props: BoardProps, id: number): string {
  const card = props.frame.cards[String(id)];
  if (!card || card.hidden || !card.defn) return "a hidden card";
  return props.frame.faces[card.defn]?.name ?? card.defn;
}

function names(props: BoardProps, seats: number[]): string {
  return seats.map((s) => props.frame.seats[s].name).join(", ");
}

/** A card in play, with what it is attached to (a Cheat! on an Item, an Item a Hireling
 * carries) under it. */
function PlayCard({ id, props, data }: { id: number; props: BoardProps; data: MunchkinData }) {
  const on = data.attached[String(id)];
  return (
    <span class="mk-card">
      <Card id={id} {...props} compact />
      {on && (
        <span class="mk-on">
          {on.how} {cardName(props, on.host)}
        </span>
      )}
    </span>
  );
}

function Cards({ ids, props, data, none }: { ids: number[]; props: BoardProps; data: MunchkinData; none: string }) {
  if (ids.length === 0) return <span class="empty">{none}</span>;
  return (
    <span class="mk-cards">
      {ids.map((id) => (
        <PlayCard key={id} id={id} props={props} data={data} />
      ))}
    </span>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string; children: ComponentChildren }) {
  return (
    <div class="mk-row">
      <span class="mk-label" title={hint}>
        {label}
      </span>
      <span class="mk-value">{children}</span>
    </div>
  );
}

/** What a strength is made of: "Level 4 + Items 5 + 2". */
function parts(s: Strength): string {
  const out = [`Level ${s.level}`, `Items ${signed(s.items)}`];
  if (s.extra) out.push(`bonuses ${signed(s.extra)}`);
  return out.join(" ") + (s.double ? ", doubled" : "");
}

/** A hand as the seat sees it: visible cards, and hidden ones as Door and Treasure backs. */
function HandBacks({ seat, props }: { seat: number; props: BoardProps }) {
  const rows = (["door", "treasure"] as const).map((back) => {
    const ids = zone(props, `hand.${back}:${seat}`);
    const shown = ids.filter((id) => !(props.frame.cards[String(id)]?.hidden ?? true));
    const hidden = ids.length - shown.length;
    return { back, shown, hidden };
  });
  return (
    <span class="mk-cards">
      {rows.map(({ back, hidden }) =>
        hidden > 0 ? (
          <span key={back} class={`mk-back ${back}`} aria-label={`${hidden} hidden ${back === "door" ? "Door" : "Treasure"} card(s)`}>
            {back === "door" ? "Door" : "Treasure"} ×{hidden}
          </span>
        ) : null,
      )}
      {rows.flatMap(({ shown }) => shown).map((id) => (
        <Card key={id} id={id} {...props} compact />
      ))}
      {rows.every((r) => r.hidden + r.shown.length === 0) && <span class="empty">no cards</span>}
    </span>
  );
}

function PlayerPanel({ p, props, data }: { p: Player; props: BoardProps; data: MunchkinData }) {
  const { frame } = props;
  const info = frame.seats[p.seat];
  const mine = frame.seat === p.seat;
  const bigLimit = p.big_any ? "any number allowed" : "one allowed";
  const cls = [
    "mk-player",
    mine ? "mine" : "",
    info.active ? "active" : "",
    info.deciding ? "deciding" : "",
    p.dead ? "dead" : "",
  ].join(" ");
  return (
    <section class={cls} aria-label={`${info.name}'s cards in play`} data-seat={p.seat}>
      <header class="mk-head">
        <SeatName name={info.name} mine={mine} />
        <span class="mk-level" title="Level">
          Level <b>{p.level}</b>
        </span>
        <span class="mk-sex">{p.sex}</span>
        <span class="mk-strength" title={parts(p.strength)}>
          strength <b>{p.strength.total}</b>
        </span>
        {info.active && <span class="badge">turn</span>}
        {p.role && <span class="badge fight">{p.role === "fighter" ? "fighting" : "helping"}</span>}
        {info.deciding && <span class="badge decide">{info.thinking ? "thinking…" : "to decide"}</span>}
        {p.dead && <span class="badge dead">dead{p.reborn ? ": back next turn" : ""}</span>}
      </header>
      <Row label="Race">
        <Cards ids={p.races} props={props} data={data} none="Human (no race card)" />
      </Row>
      <Row label="Class">
        <Cards ids={p.classes} props={props} data={data} none="no class" />
      </Row>
      <div class="mk-slots" role="group" aria-label="equipment">
        {SLOT_WORDS.map(([slot, label]) =>
          slot === "other" && p.slots.other.length === 0 ? null : (
            <Row key={slot} label={slot === "hands" ? `${label} ${p.hands_used}/2` : label}>
              <Cards ids={p.slots[slot]} props={props} data={data} none="—" />
            </Row>
          ),
        )}
        <Row label="Big Items">
          <span class="mk-names">
            {p.big.length === 0 ? "none" : p.big.map((id) => cardName(props, id)).join(", ")} ({bigLimit})
          </span>
        </Row>
      </div>
      {p.carried.length > 0 && (
        <Row label="Carried" hint="Items in play, not equipped: they give no bonus">
          <Cards ids={p.carried} props={props} data={data} none="" />
        </Row>
      )}
      {p.others.length > 0 && (
        <Row label="Also in play">
          <Cards ids={p.others} props={props} data={data} none="" />
        </Row>
      )}
      <Row label={`Hand (${p.hand.door + p.hand.treasure})`}>
        {mine ? (
          <span class="mk-names">
            {p.hand.door} Door, {p.hand.treasure} Treasure (below)
          </span>
        ) : (
          <HandBacks seat={p.seat} props={props} />
        )}
      </Row>
    </section>
  );
}

function Pile({ label, deck, discard, props }: { label: string; deck: number[]; discard: number[]; props: BoardProps }) {
  const top = discard[discard.length - 1];
  return (
    <div class="mk-pile" role="group" aria-label={`${label} cards`}>
      <span class={`mk-back ${label.toLowerCase()} deck`} aria-label={`${label} deck: ${deck.length} cards`}>
        {label} deck <b>{deck.length}</b>
      </span>
      <span class="mk-discard">
        <span class="mk-label">discards {discard.length}</span>
        {top !== undefined ? <Card id={top} {...props} compact /> : <span class="empty">none</span>}
      </span>
      {discard.length > 1 && (
        <details class="mk-more">
          <summary>all {discard.length}</summary>
          <CardRow ids={[...discard].reverse()} {...props} />
        </details>
      )}
    </div>
  );
}

function Piles({ props }: { props: BoardProps }) {
  return (
    <div class="mk-piles">
      <Pile label="Door" deck={zone(props, "door_deck")} discard={zone(props, "door_discard")} props={props} />
      <Pile
        label="Treasure"
        deck={zone(props, "treasure_deck")}
        discard={zone(props, "treasure_discard")}
        props={props}
      />
    </div>
  );
}

/** The response window: what it is, who passed, whose answer is awaited. */
function WindowLine({ w, props }: { w: Window; props: BoardProps }) {
  const { frame } = props;
  const asking = w.asking !== null ? frame.seats[w.asking] : null;
  return (
    <div class="mk-window" role="status" aria-label="who may play now">
      <p>{w.text}.</p>
      <p>
        {asking ? (
          <>
            Now: <b>{frame.seat === w.asking ? "you" : asking.name}</b>
            {asking.thinking ? " (thinking…)" : ""}.{" "}
          </>
        ) : null}
        In turn: {names(props, w.order)}.
        {w.passed.length > 0 && <> Passed: {names(props, w.passed)}.</>}
      </p>
    </div>
  );
}

function SideStrength({ seat, s, props, role }: { seat: number; s: Strength; props: BoardProps; role: string }) {
  return (
    <li>
      <b>{props.frame.seats[seat].name}</b> ({role}): <b>{s.total}</b> <span class="mk-parts">= {parts(s)}</span>
    </li>
  );
}

function CombatPanel({ f, w, props }: { f: Fight; w: Window | null; props: BoardProps }) {
  const { frame } = props;
  const seats = frame.seats;
  const side = seats[f.fighter].name + (f.helper !== null ? ` and ${seats[f.helper].name}` : "");
  const offer = f.offer;
  return (
    <section class={`mk-combat ${f.winning ? "winning" : "losing"}`} aria-label="the fight">
      <h3>
        Fight: {side} against {f.monsters.map((m) => cardName(props, m.card)).join(", ") || "no monster left"}
      </h3>
      <div class="mk-sides">
        <div class="mk-side fighters">
          <div class="mk-total" aria-label={`fighters' strength ${f.side}`}>{f.side}</div>
          <ul>
            <SideStrength seat={f.fighter} s={f.strengths[String(f.fighter)]} props={props} role="fights" />
            {f.helper !== null && (
              <SideStrength
                seat={f.helper}
                s={f.strengths[String(f.helper)]}
                props={props}
                role={f.forced_help ? "compelled to help" : `helps for ${f.share}`}
              />
            )}
            {f.party.map((x) => (
              <li key={x.card}>
                <Card id={x.card} {...props} compact /> {signed(x.bonus)}
              </li>
            ))}
            {f.also.map((x) => (
              <li key={x.card}>
                <Card id={x.card} {...props} compact />
                {x.seat !== null && <> played on {seats[x.seat].name}</>}
              </li>
            ))}
          </ul>
        </div>
        <div class="mk-vs" aria-hidden="true">
          {f.side > f.foes ? ">" : f.side < f.foes ? "<" : "="}
        </div>
        <div class="mk-side monsters">
          <div class="mk-total" aria-label={`monsters' strength ${f.foes}`}>{f.foes}</div>
          <ul>
            {f.monsters.map((m) => (
              <li key={m.card} class="mk-monster">
                <Card id={m.card} {...props} />
                <div class="mk-monster-info">
                  strength <b>{m.strength}</b>
                  {m.strength !== m.level && (
                    <>
                      {" "}
                      (Level {m.level}, {signed(m.strength - m.level)} from its text and the cards on it)
                    </>
                  )}
                  <br />
                  {m.treasures} Treasure{m.treasures === 1 ? "" : "s"}, {m.levels} level{m.levels === 1 ? "" : "s"}
                  {m.undead ? ", Undead" : ""}
                  {m.mate_of !== null && <>, a Mate of {cardName(props, m.mate_of)}</>}
                  {m.cards.length > 0 && (
                    <div class="mk-on-monster">
                      {m.cards.map((id) => (
                        <Card key={id} id={id} {...props} compact />
                      ))}
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p class="mk-verdict">
        {f.monsters.length === 0
          ? "No monster is left in the fight."
          : f.winning
            ? `The fighters are winning, ${f.side} against ${f.foes}.`
            : `The monsters are winning, ${f.foes} against ${f.side}${
                f.side === f.foes ? " (ties go to the monsters)" : ""
              }.`}
        {f.wins_ties && " A fighter wins ties."} At stake: {f.treasures} Treasure{f.treasures === 1 ? "" : "s"}, {f.levels}{" "}
        level{f.levels === 1 ? "" : "s"}.
      </p>
      {f.words.length > 0 && <p class="mk-words">This fight: {f.words.join("; ")}.</p>}
      {f.removed.length > 0 && (
        <p>
          Killed outright: {f.removed.map((id) => cardName(props, id)).join(", ")}.
        </p>
      )}
      {f.asked.length > 0 && f.helper === null && !offer && <p>Asked for help so far: {names(props, f.asked)}.</p>}
      {offer && (
        <p class="mk-offer">
          {seats[f.fighter].name}'s offer to {seats[offer.to].name}
          {offer.stage === "compose" ? " (being made)" : ""}:{" "}
          {offer.items.length > 0 && <>{offer.items.map((id) => cardName(props, id)).join(", ")}, and </>}
          {offer.stage === "compose" ? "a share of the Treasure still to name" : offer.share}
          {offer.demand && <>; {seats[offer.to].name} wants {offer.demand}</>}.
        </p>
      )}
      {w && <WindowLine w={w} props={props} />}
    </section>
  );
}

/** The sale the seat is making: the Items picked with what each counts for, the running
 * total, what it buys, and the confirm (the game offers it once the total makes a level). */
function SalePanel({ sale, props }: { sale: Sale; props: BoardProps }) {
  const { frame, choose } = props;
  const options = frame.decision?.options ?? [];
  const sell = options.find((o) => o.id === "sell");
  const cancel = options.find((o) => o.id === "cancel");
  const adds = options.filter((o) => o.id.startsWith("add:"));
  const doubles = new Map<number, Option>();
  for (const o of options) if (o.arg === "double" && o.card !== null) doubles.set(o.card, o);
  const toNext = sale.need === null ? 100 : ((sale.per_level - sale.need) / sale.per_level) * 100;
  return (
    <section class="mk-sale" aria-label="your sale">
      <h3>Selling Items for levels</h3>
      {adds.length > 0 && (
        <div class="mk-sellable" role="group" aria-label="Items you may sell">
          <span class="mk-label">Pick</span>
          {adds.map((o) => (
            <button key={o.id} class="option" data-option={o.id} onClick={() => choose(o.id)}>
              {o.label}
            </button>
          ))}
        </div>
      )}
      {sale.picked.length === 0 ? (
        <p class="empty">Nothing picked yet.</p>
      ) : (
        <ul class="mk-picked">
          {sale.picked.map(({ card, gold }) => {
            const d = doubles.get(card);
            return (
              <li key={card}>
                <Card id={card} {...props} compact /> {gp(gold)}
                {sale.double === card && " (double value)"}
                {d && (
                  <button class="option" data-option={d.id} onClick={() => choose(d.id)}>
                    {d.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p class="mk-sale-total" aria-live="polite">
        Total: <b>{gp(sale.total)}</b>
        {sale.levels > 0 ? (
          <>
            {" "}
            = <b>{sale.levels}</b> level{sale.levels === 1 ? "" : "s"} (to Level {sale.level + sale.levels})
            {sale.lost > 0 && <>; the other {sale.lost.toLocaleString("en")} are lost (no change)</>}.
          </>
        ) : (
          "."
        )}{" "}
        {sale.need !== null
          ? `${sale.need.toLocaleString("en")} more make ${sale.levels > 0 ? "another" : "a"} level.`
          : "No more levels can be bought by selling (never to Level 10)."}
      </p>
      <div
        class="mk-meter"
        role="meter"
        aria-label="Gold Pieces toward the next level"
        aria-valuemin={0}
        aria-valuemax={sale.per_level}
        aria-valuenow={sale.need === null ? sale.per_level : sale.per_level - sale.need}
      >
        <span style={{ width: `${toNext}%` }} />
      </div>
      <div class="options confirm">
        {sell ? (
          <button class="option primary" data-option={sell.id} onClick={() => choose(sell.id)}>
            {sell.label}
          </button>
        ) : (
          <button class="option" disabled title="the Items picked do not make a level yet">
            Sell them (not yet a level)
          </button>
        )}
        {cancel && (
          <button class="option" data-option={cancel.id} onClick={() => choose(cancel.id)}>
            {cancel.label}
          </button>
        )}
      </div>
    </section>
  );
}

function zonesOf(props: BoardProps, keys: [string, string][]) {
  return keys
    .map(([key, label]) => ({ key, label, ids: zone(props, key) }))
    .filter((z) => z.ids.length > 0)
    .map((z) => (
      <section key={z.key} class="zone mk-area" aria-label={z.label}>
        <h4>
          {z.label} <span class="count">{z.ids.length}</span>
        </h4>
        <CardRow ids={z.ids} {...props} />
      </section>
    ));
}

export function MunchkinBoard(props: BoardProps) {
  const { frame } = props;
  const data = frame.board as unknown as MunchkinData;
  const me = frame.seat;
  const n = data.players.length;
  // the others in turn order from the viewer's left, the viewer last (nearest the hand)
  const order = me === null ? data.players : [...Array(n).keys()].map((i) => data.players[(me + 1 + i) % n]);
  const fight = data.combat;
  return (
    <div class="mk-board">
      {data.sale && <SalePanel sale={data.sale} props={props} />}
      {fight && <CombatPanel f={fight} w={data.window} props={props} />}
      {!fight && data.window && <WindowLine w={data.window} props={props} />}
      <Piles props={props} />
      {zonesOf(props, [
        ["table", "On the table"],
        ["loot", "Treasure to share out"],
        ["corpse", "A dead player's cards, to loot"],
      ])}
      <div class="mk-players">
        {order.map((p) => (
          <PlayerPanel key={p.seat} p={p} props={props} data={data} />
        ))}
      </div>
      {me !== null && (
        <section class="mk-hand" aria-label="your hand">
          <h3>Your hand</h3>
          {zonesOf(props, [
            [`hand.door:${me}`, "Door cards"],
            [`hand.treasure:${me}`, "Treasure cards"],
          ])}
          {zone(props, `hand.door:${me}`).length + zone(props, `hand.treasure:${me}`).length === 0 && (
            <p class="empty">no cards</p>
          )}
        </section>
      )}
    </div>
  );
}
