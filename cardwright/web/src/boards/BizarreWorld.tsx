// Bizarre World's board: each side's life, unspent attack and gray, its creatures in play
// (with the attack each added this turn), its face-down neutral resources (ready of all),
// hand, deck and discard; and the battle in progress between them.
import type { BoardProps } from "./contract";
import { SeatName, twoSeats } from "./parts";
import { Card, CardRow, ZoneRow } from "../components/cards";

interface Side {
  life: number;
  attack: number;
  gray: number;
  resources: { total: number; ready: number; face_down: number };
  creatures: number[];
  contrib: Record<string, number>;
}

interface Battle {
  attacker: number;
  defender: number;
  attack: number;
  defense: number;
  sources: Record<string, number>;
  def_sources: Record<string, number>;
  assigned: Record<string, number>;
  remaining: number;
}

function zone(props: BoardProps, key: string): number[] {
  return props.frame.zones.find((z) => z.key === key)?.cards ?? [];
}

function SideArea({ seat, props }: { seat: number; props: BoardProps }) {
  const { frame } = props;
  const side = (frame.board.seats as Side[])[seat];
  const mine = frame.seat === seat;
  const name = frame.seats[seat].name;
  const hand = zone(props, `hand:${seat}`);
  const resources = zone(props, `resources:${seat}`);
  const discard = zone(props, `discard:${seat}`);
  const deck = zone(props, `deck:${seat}`);
  return (
    <section class={`bw-side${mine ? " mine" : ""}`} aria-label={`${name}'s side`}>
      <header class="bw-header">
        <SeatName name={name} mine={mine} />
        <div class="bw-life" title="life">
          <span class="big">{side.life}</span> life
        </div>
        <div class="bw-pool">
          <span title="unspent attack this turn">⚔ {side.attack} attack</span>
          <span title="gray resources gained this turn">◆ {side.gray} gray</span>
          <span title="neutral resources: ready of all">
            ▣ {side.resources.ready}/{side.resources.total} resources ready
          </span>
          <span>deck {deck.length}</span>
          <span>hand {hand.length}</span>
        </div>
      </header>
      <div class="bw-creatures">
        <h4>Creatures in play</h4>
        {side.creatures.length === 0 ? (
          <p class="empty">none</p>
        ) : (
          <div class="card-row">
            {side.creatures.map((id) => (
              <div class="bw-creature" key={id}>
                <Card id={id} {...props} />
                {side.contrib[String(id)] !== undefined && (
                  <span class="bw-contrib">+{side.contrib[String(id)]} attack</span>
                )}
              </div>
            ))}
          </div>
        )}
      </div>
      <div class="bw-lower">
        <ZoneRow label="Neutral resources (face down)" ids={resources} {...props} />
        <ZoneRow label={mine ? "Your hand" : "Hand"} ids={hand} {...props} />
        <details class="bw-discard">
          <summary>Discard pile ({discard.length})</summary>
          <CardRow ids={discard} {...props} />
        </details>
      </div>
    </section>
  );
}

function BattlePanel({ battle, props }: { battle: Battle; props: BoardProps }) {
  const { frame } = props;
  const names = frame.seats.map((s) => s.name);
  const sourceList = (sources: Record<string, number>) =>
    Object.entries(sources).map(([id, n]) => (
      <li key={id}>
        <Card id={Number(id)} {...props} compact /> added {n}
        {battle.assigned[id] !== undefined && <b> — {battle.assigned[id]} damage assigned</b>}
      </li>
    ));
  return (
    <section class="bw-battle" aria-label="the battle">
      <h3>
        Battle: {names[battle.attacker]} attacks {names[battle.defender]}
      </h3>
      <div class="bw-battle-sides">
        <div>
          <b>{battle.attack}</b> attack from
          <ul>{sourceList(battle.sources)}</ul>
        </div>
        <div>
          <b>{battle.defense}</b> defence from
          <ul>{sourceList(battle.def_sources)}</ul>
        </div>
      </div>
      {battle.remaining > 0 && <p>{battle.remaining} damage left to assign</p>}
    </section>
  );
}

export function BizarreWorldBoard(props: BoardProps) {
  const { frame } = props;
  const { bottom: me, top: other } = twoSeats(frame);
  const battle = frame.board.battle as Battle | null;
  return (
    <div class="bw-board">
      <SideArea seat={other} props={props} />
      {battle && <BattlePanel battle={battle} props={props} />}
      <SideArea seat={me} props={props} />
    </div>
  );
}
