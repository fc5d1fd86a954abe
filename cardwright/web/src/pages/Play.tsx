// A live game: the seat's board, the decision, the log; reconnects by itself.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, inviteLink } from "../api";
import { picksOf } from "../components/cards";
import { DecisionPanel, ErrorLine, GameOver, GameTable, SeatsBar, TopBar, Waiting } from "../components/panels";
import { connect, mergeView, tokenKey, type Session, type Status } from "../net";
import type { Frame, ServerMessage } from "../types";

function takeToken(gameId: string): string | null {
  const hash = new URLSearchParams(location.hash.slice(1));
  const given = hash.get("token");
  if (given) {
    localStorage.setItem(tokenKey(gameId), given);
    history.replaceState(null, "", location.pathname); // the token leaves the address bar
    return given;
  }
  const spectate = new URLSearchParams(location.search).get("spectate") !== null;
  return spectate ? null : localStorage.getItem(tokenKey(gameId));
}

export function Play({ gameId }: { gameId: string }) {
  const token = useMemo(() => takeToken(gameId), [gameId]);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [status, setStatus] = useState<Status>("connecting");
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [moves, setMoves] = useState(0);
  const [rematch, setRematch] = useState<{ id: string; token: string } | null>(null);
  const seq = useRef(0);
  const session = useRef<Session | null>(null);

  useEffect(() => {
    const join = token ? { type: "join", game: gameId, token } : { type: "join", game: gameId, spectate: true };
    const onMessage = (m: ServerMessage) => {
      if (m.type === "view") {
        seq.current = m.seq;
        setMoves(m.seq);
        setFrame((prev) => mergeView(prev, m));
        setWaiting(false);
        setError(null);
      } else if (m.type === "error") {
        setError(m.message);
        setWaiting(false);
        if (m.code === "bad_token") localStorage.removeItem(tokenKey(gameId));
      } else if (m.type === "rematch") {
        localStorage.setItem(tokenKey(m.game_id), m.token);
        setRematch({ id: m.game_id, token: m.token });
      }
    };
    const s = connect(join, onMessage, setStatus);
    session.current = s;
    return () => s.close();
  }, [gameId, token]);

  const choose = (optionId: string) => {
    if (waiting) return;
    if (session.current?.send({ type: "move", seq: seq.current, option: optionId })) setWaiting(true);
  };

  // keyboard: a new decision of yours puts the focus on its first option, unless the
  // focus is already somewhere on the page
  const decisionKey = frame?.decision && frame.decision.seat === frame.seat ? `${seq.current}` : "";
  useEffect(() => {
    if (!decisionKey) return;
    const active = document.activeElement;
    if (active && active !== document.body && !active.classList.contains("option")) return;
    const first = document.querySelector<HTMLButtonElement>(".decision.mine button.option");
    first?.focus({ preventScroll: true });
  }, [decisionKey]);

  if (!frame) {
    return <Waiting text={error ?? (status === "reconnecting" ? "Reconnecting…" : "Connecting…")} />;
  }
  const picks = picksOf(frame);
  const props = { frame, picks, choose };
  const doRematch = async () => {
    if (!token) return;
    try {
      const created = await api.rematch(gameId, token);
      const mine = created.seats.find((s) => s.kind === "me" && s.token);
      if (mine?.token) location.assign(inviteLink(created.id, mine.token));
    } catch (e) {
      setError(String((e as Error).message));
    }
  };
  return (
    <main class="page play" data-game={frame.game} data-seq={seq.current}>
      <TopBar title={frame.title}>
        <span class="turn-info">
          Turn {frame.turn}
          {frame.phase ? `, ${frame.phase}` : ""}
        </span>
        {frame.seat === null && <span class="badge">spectating</span>}
        <span class={`status ${status}`} role="status">
          {status === "open" ? "connected" : status}
        </span>
      </TopBar>
      <SeatsBar frame={frame} />
      <ErrorLine error={error} />
      {rematch && (
        <p class="rematch-offer" role="alert">
          A rematch has started. <a href={`/play/${rematch.id}`}>Join it</a>
        </p>
      )}
      <GameTable props={props}>
      <GameOver
        frame={frame}
        moves={moves}
        actions={
          <>
            {token && <button onClick={doRematch}>Rematch</button>}
            <a class="button" href={`/replay/game/${gameId}${frame.seat !== null ? `?seat=${frame.seat}` : ""}`}>
              Watch the replay
            </a>
            <a class="button" href="/">
              Lobby
            </a>
          </>
        }
      />
      <DecisionPanel frame={frame} choose={choose} waiting={waiting} />
      </GameTable>
    </main>
  );
}
