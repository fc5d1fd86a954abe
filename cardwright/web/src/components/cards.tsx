// Cards: a visible card as a tile whose whole text shows on hover, tap and keyboard focus
// (one tip, placed inside the window), a hidden card as a back; a zone as a labelled row.
import { useEffect, useState } from "preact/hooks";
import type { CardState, Face, Frame, Option, Stat } from "../types";

// ------------------------------------------------------------------ the card tip (one)
interface Tip {
  id: number;
  x: number;
  y: number;
  below: boolean;
}
let tip: Tip | null = null;
const listeners = new Set<() => void>();
function setTip(next: Tip | null): void {
  tip = next;
  listeners.forEach((l) => l());
}

// the tip stays a moment after the pointer (or the focus) leaves its card, and while the
// pointer is on the tip, so that the options in it can be clicked
let hiding: number | undefined;
const HIDE_MS = 250;

function show(id: number, el: HTMLElement): void {
  window.clearTimeout(hiding);
  const r = el.getBoundingClientRect();
  const below = r.top < window.innerHeight / 2;
  setTip({ id, x: r.left + r.width / 2, y: below ? r.bottom : r.top, below });
}

function hide(id: number): void {
  window.clearTimeout(hiding);
  hiding = window.setTimeout(() => {
    if (tip && tip.id === id) setTip(null);
  }, HIDE_MS);
}

/** The text of the card under the pointer or the focus, placed within the window. */
export function CardTip({ frame, picks, choose }: CardProps): preact.JSX.Element | null {
  const [, redraw] = useState(0);
  useEffect(() => {
    const l = () => redraw((n) => n + 1);
    listeners.add(l);
    const close = (e: KeyboardEvent) => e.key === "Escape" && setTip(null);
    window.addEventListener("keydown", close);
    return () => {
      listeners.delete(l);
      window.removeEventListener("keydown", close);
    };
  }, []);
  if (!tip) return null;
  const card = frame.cards[String(tip.id)];
  if (!card || card.hidden || !card.defn) return null;
  const face = frame.faces[card.defn];
  if (!face) return null;
  const width = Math.min(320, window.innerWidth - 16);
  const left = Math.max(8, Math.min(tip.x - width / 2, window.innerWidth - width - 8));
  const style = tip.below
    ? { left: `${left}px`, top: `${tip.y + 6}px`, width: `${width}px` }
    : { left: `${left}px`, bottom: `${window.innerHeight - tip.y + 6}px`, width: `${width}px` };
  const options = picks.get(card.id) ?? [];
  return (
    <div
      class={options.length ? "card-tip interactive" : "card-tip"}
      role="tooltip"
      id={`tip-${card.id}`}
      style={style}
      onMouseEnter={() => window.clearTimeout(hiding)}
      onMouseLeave={() => hide(card.id)}
    >
      <FaceText
        face={face}
        card={card}
        stats={frame.board.card_stats?.[String(card.id)]}
        counterLabels={frame.board.counter_labels}
      />
      {options.length > 0 && (
        <div class="tip-options">
          {options.map((o) => (
            <button key={o.id} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(o.id)}>
              {o.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** A counter's words: the game's label for its key (``counter_labels``), or the key. */
function counterLabel(key: string, labels?: Record<string, string>): string {
  return labels?.[key] ?? key;
}

export function FaceText({
  face,
  card,
  stats,
  counterLabels,
}: {
  face: Face;
  card?: CardState;
  stats?: Stat[];
  counterLabels?: Record<string, string>;
}) {
  const numbers = Object.entries(face.numbers);
  return (
    <div class="face">
      <div class="face-name">
        {face.name} {face.kind && <span class="face-kind">{face.kind}</span>}
      </div>
      {numbers.length > 0 && (
        <div class="face-numbers">
          {numbers.map(([k, v]) => (
            <span key={k}>{k ? `${k} ${v}` : v}</span>
          ))}
        </div>
      )}
      {stats && stats.length > 0 && (
        <div class="face-now">
          now:{" "}
          {stats.map(([k, v]) => (
            <span key={k}>
              {k} {v}
            </span>
          ))}
        </div>
      )}
      <div class="face-text">{face.text || "(no text)"}</div>
      {card && (card.exhausted || !card.face_up || card.counters) && (
        <div class="face-status">
          {card.exhausted && <span>exhausted</span>}
          {!card.face_up && <span>face down</span>}
          {Object.entries(card.counters ?? {}).map(([k, v]) => (
            <span key={k}>
              {counterLabel(k, counterLabels)}: {v}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

// ------------------------------------------------------------------ picks
/** The pending decision's options about each card (empty unless it is the viewer's). */
export type Picks = Map<number, Option[]>;

export function picksOf(frame: Frame): Picks {
  const picks: Picks = new Map();
  for (const o of frame.decision?.options ?? []) {
    for (const id of [o.card, o.target]) {
      if (id === null || id === undefined) continue;
      const list = picks.get(id) ?? [];
      if (!list.includes(o)) list.push(o);
      picks.set(id, list);
    }
  }
  return picks;
}

export interface CardProps {
  frame: Frame;
  picks: Picks;
  choose: (optionId: string) => void;
}

// ------------------------------------------------------------------ one card
export function Card({
  id,
  frame,
  picks,
  choose,
  compact = false,
}: CardProps & { id: number; compact?: boolean }) {
  const card = frame.cards[String(id)];
  if (!card || card.hidden || !card.defn) return <Back exhausted={card?.exhausted ?? false} />;
  const face = frame.faces[card.defn];
  const options = picks.get(id) ?? [];
  const stats = frame.board.card_stats?.[String(id)] ?? [];
  const numbers = Object.entries(face?.numbers ?? {}).slice(0, 3);
  const cls = [
    "card",
    card.exhausted ? "exhausted" : "",
    options.length ? "pickable" : "",
    compact ? "compact" : "",
  ].join(" ");
  const onKey = (e: KeyboardEvent) => {
    if ((e.key === "Enter" || e.key === " ") && options.length === 1) {
      e.preventDefault();
      choose(options[0].id);
    }
  };
  return (
    <div
      class={cls}
      tabIndex={0}
      role="button"
      data-card={id}
      aria-describedby={`tip-${id}`}
      aria-label={`${face?.name ?? card.defn}${card.exhausted ? ", exhausted" : ""}${
        options.length ? `: ${options.map((o) => o.label).join("; ")}` : ""
      }`}
      onMouseEnter={(e) => show(id, e.currentTarget as HTMLElement)}
      onMouseLeave={() => hide(id)}
      onFocus={(e) => show(id, e.currentTarget as HTMLElement)}
      onBlur={() => hide(id)}
      onClick={(e) => show(id, e.currentTarget as HTMLElement)}
      onKeyDown={onKey}
    >
      <div class="card-name">{face?.name ?? card.defn}</div>
      <div class="card-numbers">
        {numbers.map(([k, v]) => (
          <span key={k}>{k ? `${k} ${v}` : v}</span>
        ))}
      </div>
      {stats.length > 0 && (
        <div class="card-now">
          {stats.map(([k, v]) => (
            <b key={k} data-stat={k}>
              {k} {v}
            </b>
          ))}
        </div>
      )}
      {card.counters && (
        <div class="card-counters">
          {Object.entries(card.counters).map(([k, v]) => (
            <span key={k}>
              {counterLabel(k, frame.board.counter_labels)} {v}
            </span>
          ))}
        </div>
      )}
      {card.exhausted && <div class="card-flag">exhausted</div>}
    </div>
  );
}

export function Back({ exhausted = false, count = 1 }: { exhausted?: boolean; count?: number }) {
  return (
    <div class={`card back${exhausted ? " exhausted" : ""}`} aria-label={`${count} hidden card${count > 1 ? "s" : ""}`}>
      {count > 1 ? <span class="back-count">×{count}</span> : <span class="back-mark">?</span>}
    </div>
  );
}

/** Whose a card on a shared pile is: the seat that controls it, and the owner when another
 * seat owns it ("Kit (Ann's card)"). */
function whose(card: CardState, frame: Frame): string {
  const name = (seat: number) => frame.seats[seat]?.name ?? `seat ${seat + 1}`;
  const controller = name(card.controller);
  return card.owner === card.controller ? controller : `${controller} (${name(card.owner)}'s card)`;
}

/** Cards in a row: visible cards one by one, runs of hidden cards as one back with a count
 * (exhausted and ready backs apart: that much of a hidden card is public). ``owners``: each
 * visible card is captioned with whose it is (a zone the seats share). */
export function CardRow({ ids, owners = false, ...props }: CardProps & { ids: number[]; owners?: boolean }) {
  const items: preact.JSX.Element[] = [];
  let run: { exhausted: boolean; count: number } | null = null;
  const flush = () => {
    if (run) items.push(<Back key={`b${items.length}`} exhausted={run.exhausted} count={run.count} />);
    run = null;
  };
  for (const id of ids) {
    const card = props.frame.cards[String(id)];
    if (!card || card.hidden) {
      // a card missing from frame.cards is a plain back (hidden, ready, no counters)
      const exhausted = card?.exhausted ?? false;
      if (run && run.exhausted === exhausted) run.count += 1;
      else {
        flush();
        run = { exhausted, count: 1 };
      }
      continue;
    }
    flush();
    items.push(
      owners ? (
        <div key={id} class="owned" data-seat={card.controller}>
          <Card id={id} {...props} />
          <span class="owner-tag">{whose(card, props.frame)}</span>
        </div>
      ) : (
        <Card key={id} id={id} {...props} />
      ),
    );
  }
  flush();
  return <div class="card-row">{items}</div>;
}

export function ZoneRow({
  label,
  ids,
  owners = false,
  ...props
}: CardProps & { label: string; ids: number[]; owners?: boolean }) {
  const hidden = ids.filter((id) => props.frame.cards[String(id)]?.hidden ?? true).length;
  return (
    <section class="zone" aria-label={label}>
      <h4>
        {label} <span class="count">{ids.length}{hidden && hidden < ids.length ? ` (${hidden} hidden)` : ""}</span>
      </h4>
      {ids.length > 0 && <CardRow ids={ids} owners={owners} {...props} />}
    </section>
  );
}
