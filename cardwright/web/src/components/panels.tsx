// The panels around a board: the seats (whose turn, whose decision, who is thinking), the
// pending decision as buttons, the log with the rule behind each event, the game over.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { boardFor } from "../boards";
import type { BoardProps } from "../boards/contract";
import type { Frame, LogEvent, Option, Rule } from "../types";
import { CardTip } from "./cards";

/** The board (with what goes above it) beside the log, and the card tip: a live game's and
 * a replay's table. */
export function GameTable({ props, children }: { props: BoardProps; children?: ComponentChildren }) {
  const Board = boardFor(props.frame.game);
  return (
    <>
      <div class="table">
        <div class="main-col">
          {children}
          <Board {...props} />
        </div>
        <LogPanel frame={props.frame} />
      </div>
      <CardTip {...props} />
    </>
  );
}

/** A page's top bar: the way back to the lobby, the page's title, and what the page adds. */
export function TopBar({ title, children }: { title: ComponentChildren; children?: ComponentChildren }) {
  return (
    <header class="top">
      <a href="/" class="home">
        Cardwright
      </a>
      <h1>{title}</h1>
      {children}
    </header>
  );
}

/** What went wrong, if anything did (read out as it appears). */
export function ErrorLine({ error }: { error: string | null | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A page waiting for its first data (or saying why it cannot have it). */
export function Waiting({ text }: { text: string }) {
  return (
    <main class="page loading">
      <p>
        {text} <a href="/">Lobby</a>
      </p>
    </main>
  );
}

export function SeatsBar({ frame }: { frame: Frame }) {
  return (
    <ol class="seats" aria-label="players">
      {frame.seats.map((s) => (
        <li
          key={s.seat}
          class={`seat${s.active ? " active" : ""}${s.deciding ? " deciding" : ""}`}
          aria-current={s.deciding ? "true" : undefined}
        >
          <span class="seat-name">
            {s.name}
            {frame.seat === s.seat ? " (you)" : ""}
          </span>
          {s.active && <span class="badge">turn</span>}
          {s.deciding && <span class="badge decide">{s.thinking ? "thinking…" : "to decide"}</span>}
          <span class="seat-stats">
            {s.stats.map(([k, v]) => (
              <span key={k}>
                {k} <b>{v}</b>
              </span>
            ))}
          </span>
        </li>
      ))}
    </ol>
  );
}

function RuleText({ id, rules }: { id: string; rules: Record<string, Rule> }) {
  const rule = rules[id];
  if (!rule) return <span class="rule-text">{id}</span>;
  return (
    <span class="rule-text">
      {rule.text} <cite>({rule.source})</cite>
    </span>
  );
}

export function DecisionPanel({
  frame,
  choose,
  waiting,
}: {
  frame: Frame;
  choose: (id: string) => void;
  waiting: boolean;
}) {
  const [filter, setFilter] = useState("");
  const [showRule, setShowRule] = useState(false);
  const d = frame.decision;
  if (frame.result) return null;
  if (!d) return <section class="decision">Waiting…</section>;
  const who = frame.seats[d.seat];
  if (d.seat !== frame.seat) {
    return (
      <section class="decision other" aria-live="polite">
        <p class="whose">
          {who.thinking ? `${who.name} is thinking…` : `${who.name} to decide`}: {d.prompt}
        </p>
      </section>
    );
  }
  const withCard = d.options.filter((o) => o.card !== null && o.card !== undefined);
  const others = d.options.filter((o) => o.card === null || o.card === undefined);
  const many = d.options.length > 12;
  const match = (o: Option) => !filter || o.label.toLowerCase().includes(filter.toLowerCase());
  const button = (o: Option) => (
    <button
      key={o.id}
      class="option"
      data-option={o.id}
      disabled={waiting}
      onClick={() => choose(o.id)}
    >
      {o.label}
    </button>
  );
  return (
    <section class="decision mine" aria-live="polite" aria-label="your decision">
      <p class="whose">
        <b>Your decision:</b> {d.prompt}{" "}
        {d.rule && (
          <button class="link" onClick={() => setShowRule(!showRule)} aria-expanded={showRule}>
            [{d.rule}]
          </button>
        )}
      </p>
      {showRule && d.rule && (
        <p class="rule-box">
          <RuleText id={d.rule} rules={frame.rules} />
        </p>
      )}
      {many && (
        <input
          class="filter"
          type="search"
          placeholder={`Filter ${d.options.length} options`}
          aria-label="filter the options"
          value={filter}
          onInput={(e) => setFilter((e.target as HTMLInputElement).value)}
        />
      )}
      {withCard.length > 0 && others.length > 0 ? (
        <>
          <div class="options">{withCard.filter(match).map(button)}</div>
          <div class="options confirm">{others.filter(match).map(button)}</div>
        </>
      ) : (
        <div class="options">{d.options.filter(match).map(button)}</div>
      )}
    </section>
  );
}

function EventLine({ e, rules, names }: { e: LogEvent; rules: Record<string, Rule>; names: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <li class={`event${e.seat >= 0 ? ` seat-${e.seat}` : ""}`} data-seq={e.seq}>
      <span class="turn">T{e.turn}</span> <span class="text">{e.text}</span>{" "}
      <button
        class="link rule"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        title="the rule behind it"
        aria-label={`rule ${e.rule}${e.seat >= 0 && names[e.seat] ? ` (${names[e.seat]})` : ""}`}
      >
        [{e.rule}]
      </button>
      {open && (
        <div class="rule-box">
          <RuleText id={e.rule} rules={rules} />
        </div>
      )}
    </li>
  );
}

export function LogPanel({ frame }: { frame: Frame }) {
  const [why, setWhy] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const shown = frame.log.filter((e) => e.kind !== "scenario");
  const last = shown[shown.length - 1];
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  const names = frame.seats.map((s) => s.name);
  return (
    <aside class="log" aria-label="game log">
      <div class="log-head">
        <h2>Log</h2>
        {last && (
          <button onClick={() => setWhy(!why)} aria-expanded={why}>
            Why did that happen?
          </button>
        )}
      </div>
      {why && last && (
        <div class="why" role="note">
          <p>
            <b>{last.text}</b>
          </p>
          <p>
            Rule <code>{last.rule}</code>: <RuleText id={last.rule} rules={frame.rules} />
          </p>
        </div>
      )}
      <ol ref={list} class="events">
        {shown.map((e) => (
          <EventLine key={e.seq} e={e} rules={frame.rules} names={names} />
        ))}
      </ol>
    </aside>
  );
}

export function GameOver({
  frame,
  moves,
  actions,
}: {
  frame: Frame;
  moves: number;
  actions: preact.ComponentChildren;
}) {
  const r = frame.result;
  const over = useRef<HTMLElement>(null);
  const ended = r !== null && r !== undefined;
  // the summary takes the focus as the game ends, so that it is in view and read out
  useEffect(() => {
    if (ended) over.current?.focus();
  }, [ended]);
  if (!r) return null;
  const winners = r.winners.map((w) => frame.seats[w].name);
  const me = frame.seat;
  const headline =
    winners.length === 0
      ? "A draw"
      : me !== null && r.winners.includes(me)
        ? "You win!"
        : `${winners.join(" and ")} win${winners.length === 1 ? "s" : ""}`;
  return (
    <section class="game-over" role="dialog" aria-label="game over" tabIndex={-1} ref={over}>
      <h2>Game over: {headline}</h2>
      <p>
        {r.reason} {r.rule && <RuleText id={r.rule} rules={frame.rules} />}
      </p>
      <table>
        <thead>
          <tr>
            <th>player</th>
            {frame.seats[0]?.stats.map(([k]) => <th key={k}>{k}</th>)}
          </tr>
        </thead>
        <tbody>
          {frame.seats.map((s) => (
            <tr key={s.seat} class={r.winners.includes(s.seat) ? "winner" : ""}>
              <td>
                {s.name}
                {r.winners.includes(s.seat) ? " ★" : ""}
              </td>
              {s.stats.map(([k, v]) => (
                <td key={k}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {frame.turn} turns, {moves} decisions.
      </p>
      <div class="actions">{actions}</div>
    </section>
  );
}
