// The lobby: start a game (game, players, rule options, each seat's deck, people or
// factions, each seat "me", an AI or an invited player), the games in progress (join,
// spectate), finished games (replay, rematch) and replays of saved or stored games.
import { useEffect, useState } from "preact/hooks";
import { api, inviteLink, type Catalogue, type Created, type GameInfo, type GameSummary } from "../api";
import { tokenKey } from "../net";
import { ErrorLine } from "../components/panels";

type SeatKind = "me" | "invite" | "ai";
interface SeatForm {
  kind: SeatKind;
  agent: string;
  name: string;
  choice: string;
  second: string;
}

const SKIP = new Set(["names", "players"]);

function shownValue(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

function readValue(text: string, fallback: unknown): unknown {
  if (typeof fallback === "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function defaultSeats(n: number, old: SeatForm[]): SeatForm[] {
  return Array.from({ length: n }, (_, i) =>
    old[i] ?? { kind: i === 0 ? "me" : "ai", agent: "heuristic", name: "", choice: "any", second: "any" },
  );
}

function NewGame({ catalogue }: { catalogue: Catalogue }) {
  const games = catalogue.games;
  const [gameId, setGameId] = useState(games[0]?.id ?? "");
  const info: GameInfo | undefined = games.find((g) => g.id === gameId);
  const [players, setPlayers] = useState(info?.min_players ?? 2);
  const [options, setOptions] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<SeatForm[]>(defaultSeats(2, []));
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!info) return;
    const n = Math.max(info.min_players, Math.min(info.max_players, players));
    setPlayers(n);
    setSeats((old) => defaultSeats(n, old));
    setOptions({});
  }, [gameId]);

  if (!info) return <p>No playable game.</p>;
  const setSeat = (i: number, change: Partial<SeatForm>) =>
    setSeats(seats.map((s, j) => (j === i ? { ...s, ...change } : s)));
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const config: Record<string, unknown> = {};
    for (const opt of info.options) {
      const text = options[opt.key];
      if (text !== undefined && text !== shownValue(opt.default)) config[opt.key] = readValue(text, opt.default);
    }
    const choice = info.seat_choice;
    const body = {
      game: info.id,
      players,
      options: config,
      seats: seats.slice(0, players).map((s) => ({
        kind: s.kind,
        agent: s.kind === "ai" ? s.agent : undefined,
        name: s.name || undefined,
        choice: !choice ? undefined : choice.pairs ? (s.choice === "any" ? "any" : [s.choice, s.second]) : s.choice,
      })),
    };
    try {
      const made = await api.create(body);
      for (const s of made.seats) if (s.kind === "me" && s.token) localStorage.setItem(tokenKey(made.id), s.token);
      const invites = made.seats.filter((s) => s.kind === "invite");
      const mine = made.seats.find((s) => s.kind === "me" && s.token);
      if (invites.length === 0 && mine?.token) location.assign(inviteLink(made.id, mine.token));
      else setCreated(made);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (created) return <CreatedGame created={created} />;
  const choice = info.seat_choice;
  return (
    <form class="new-game" onSubmit={submit} aria-label="new game">
      <h2>New game</h2>
      <div class="row">
        <label>
          Game{" "}
          <select name="game" value={gameId} onChange={(e) => setGameId((e.target as HTMLSelectElement).value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Players{" "}
          <select
            name="players"
            value={players}
            onChange={(e) => {
              const n = Number((e.target as HTMLSelectElement).value);
              setPlayers(n);
              setSeats(defaultSeats(n, seats));
            }}
          >
            {Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span class="status-line">{info.status}</span>
      </div>
      <fieldset class="seats-form">
        <legend>Seats</legend>
        {seats.slice(0, players).map((s, i) => (
          <div class="seat-form" key={i} data-seat={i}>
            <span class="seat-no">Seat {i + 1}</span>
            <select
              name={`kind-${i}`}
              aria-label={`seat ${i + 1}: who plays`}
              value={s.kind === "ai" ? `ai:${s.agent}` : s.kind}
              onChange={(e) => {
                const v = (e.target as HTMLSelectElement).value;
                if (v.startsWith("ai:")) setSeat(i, { kind: "ai", agent: v.slice(3) });
                else setSeat(i, { kind: v as SeatKind });
              }}
            >
              <option value="me">Me</option>
              <option value="invite">Invite a player (a link)</option>
              {catalogue.agents.map((a) => (
                <option key={a.spec} value={`ai:${a.spec}`}>
                  AI: {a.spec}
                </option>
              ))}
              {s.kind === "ai" && !catalogue.agents.some((a) => a.spec === s.agent) && (
                <option value={`ai:${s.agent}`}>AI: {s.agent}</option>
              )}
            </select>
            {s.kind === "ai" && (
              <input
                name={`agent-${i}`}
                aria-label={`seat ${i + 1}: AI spec`}
                value={s.agent}
                size={16}
                onChange={(e) => setSeat(i, { agent: (e.target as HTMLInputElement).value })}
              />
            )}
            <input
              name={`name-${i}`}
              aria-label={`seat ${i + 1}: name`}
              placeholder="name"
              value={s.name}
              size={10}
              onInput={(e) => setSeat(i, { name: (e.target as HTMLInputElement).value })}
            />
            {choice && (
              <>
                <select
                  name={`choice-${i}`}
                  aria-label={`seat ${i + 1}: ${choice.noun}`}
                  value={s.choice}
                  onChange={(e) => setSeat(i, { choice: (e.target as HTMLSelectElement).value })}
                >
                  <option value="any">any {choice.noun} (dealt at random)</option>
                  {choice.pool.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
                {choice.pairs && s.choice !== "any" && (
                  <select
                    name={`second-${i}`}
                    aria-label={`seat ${i + 1}: second ${choice.noun}`}
                    value={s.second}
                    onChange={(e) => setSeat(i, { second: (e.target as HTMLSelectElement).value })}
                  >
                    {choice.pool.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </select>
                )}
              </>
            )}
          </div>
        ))}
      </fieldset>
      {info.options.filter((o) => !SKIP.has(o.key) && o.key !== choice?.key).length > 0 && (
        <details class="rule-options">
          <summary>Rule options</summary>
          {info.options
            .filter((o) => !SKIP.has(o.key) && o.key !== choice?.key)
            .map((o) => (
              <label key={o.key} class="option-row">
                <span>{o.key}</span>
                {o.choices ? (
                  <select
                    name={`opt-${o.key}`}
                    value={options[o.key] ?? shownValue(o.default)}
                    onChange={(e) => setOptions({ ...options, [o.key]: (e.target as HTMLSelectElement).value })}
                  >
                    {o.choices.map((c) => (
                      <option key={shownValue(c)} value={shownValue(c)}>
                        {shownValue(c)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    name={`opt-${o.key}`}
                    value={options[o.key] ?? shownValue(o.default)}
                    onInput={(e) => setOptions({ ...options, [o.key]: (e.target as HTMLInputElement).value })}
                  />
                )}
              </label>
            ))}
        </details>
      )}
      <ErrorLine error={error} />
      <button type="submit" class="primary" disabled={busy}>
        Start the game
      </button>
    </form>
  );
}

function Copy({ text }: { text: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone(true);
    } catch {
      setDone(false);
    }
  };
  return (
    <span class="copy">
      <input readOnly value={text} aria-label="invite link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
      <button type="button" onClick={copy}>
        {done ? "Copied" : "Copy"}
      </button>
    </span>
  );
}

function CreatedGame({ created }: { created: Created }) {
  const mine = created.seats.find((s) => s.kind === "me" && s.token);
  return (
    <section class="created" aria-label="game created">
      <h2>Game {created.id} is ready</h2>
      <p>Send each invited player their link (it is their seat: keep it private).</p>
      <ul>
        {created.seats
          .filter((s) => s.token && !(mine && s.seat === mine.seat))
          .map((s) => (
            <li key={s.seat}>
              {s.name}: <Copy text={inviteLink(created.id, s.token ?? "")} />
            </li>
          ))}
      </ul>
      {mine?.token ? (
        <a class="button primary" href={inviteLink(created.id, mine.token)}>
          Go to my seat
        </a>
      ) : (
        <a class="button" href={`/play/${created.id}?spectate`}>
          Watch it
        </a>
      )}
    </section>
  );
}

function GameList({ games }: { games: GameSummary[] }) {
  const live = games.filter((g) => !g.finished);
  const done = games.filter((g) => g.finished);
  const row = (g: GameSummary) => {
    const mine = localStorage.getItem(tokenKey(g.id)) !== null;
    return (
      <li key={g.id} class="game-row" data-id={g.id}>
        <b>{g.title}</b> <code>{g.id}</code>{" "}
        {g.names.map((n, i) => `${n} (${g.kinds[i]})`).join(", ")}
        {g.finished ? (
          <span> — {g.result ? g.result.reason : "finished"}</span>
        ) : (
          <span>
            {" "}
            — turn {g.turn}, {g.moves} moves
            {g.deciding !== null ? `, ${g.names[g.deciding]} to decide` : ""}
          </span>
        )}
        {g.broken && <span class="error"> (cannot be resumed: {g.broken})</span>}{" "}
        {!g.finished && !g.broken && mine && <a href={`/play/${g.id}`}>Resume</a>}{" "}
        {!g.finished && !g.broken && <a href={`/play/${g.id}?spectate`}>Spectate</a>}{" "}
        {g.finished && <a href={`/replay/game/${g.id}`}>Replay</a>}{" "}
        {g.finished && mine && <a href={`/play/${g.id}`}>Result</a>}
      </li>
    );
  };
  return (
    <section class="games" aria-label="games">
      <h2>Games in progress</h2>
      {live.length ? <ul>{live.map(row)}</ul> : <p class="empty">None yet.</p>}
      {done.length > 0 && (
        <details>
          <summary>Finished games ({done.length})</summary>
          <ul>{done.map(row)}</ul>
        </details>
      )}
    </section>
  );
}

function Replays({ stores }: { stores: string[] }) {
  const [error, setError] = useState<string | null>(null);
  const [store, setStore] = useState(stores[0] ?? "");
  const [number, setNumber] = useState("1");
  const upload = async (e: Event) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const response = await fetch("/api/replays", { method: "POST", body: await file.text() });
    const body = await response.json();
    if (!response.ok) setError(body.error ?? response.statusText);
    else location.assign(`/replay/upload/${body.id}`);
  };
  return (
    <section class="replays" aria-label="replays">
      <h2>Watch a replay</h2>
      <label>
        A saved game (<code>cardwright play --save FILE</code>):{" "}
        <input type="file" accept=".json,application/json" onChange={upload} />
      </label>
      {stores.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            location.assign(`/replay/store/${encodeURIComponent(store)}/${Number(number)}`);
          }}
        >
          A stored game:{" "}
          <select value={store} onChange={(e) => setStore((e.target as HTMLSelectElement).value)} aria-label="game store">
            {stores.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>{" "}
          game <input type="number" min={1} value={number} size={5} aria-label="game number" onInput={(e) => setNumber((e.target as HTMLInputElement).value)} />{" "}
          <button type="submit">Watch</button>
        </form>
      )}
      <ErrorLine error={error} />
    </section>
  );
}

export function Lobby() {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [games, setGames] = useState<GameSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.catalogue().then(setCatalogue, (e: Error) => setError(e.message));
    const load = () => api.games().then((r) => setGames(r.games), (e: Error) => setError(e.message));
    load();
    const timer = window.setInterval(load, 5000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <main class="page lobby">
      <header class="top">
        <span class="home">Cardwright</span>
        <h1>Lobby</h1>
      </header>
      <ErrorLine error={error} />
      <div class="lobby-cols">
        {catalogue ? <NewGame catalogue={catalogue} /> : <p>Loading…</p>}
        <div>
          <GameList games={games} />
          <Replays stores={catalogue?.stores ?? []} />
        </div>
      </div>
    </main>
  );
}
