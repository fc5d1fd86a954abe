// The replay viewer: a finished, saved or stored game stepped forward and back, with the
// board and the log as a chosen seat saw them.
import { useEffect, useState } from "preact/hooks";
import type { Picks } from "../components/cards";
import { ErrorLine, GameTable, SeatsBar, TopBar, Waiting } from "../components/panels";
import type { Frame } from "../types";

interface ReplayFrame {
  frame: Frame;
  step: number;
  steps: number;
  names: string[];
  choice: { seat: number; option: string; label: string } | null;
}

/** The stepper's icons as paths on a 16 by 16 box (drawn, not font glyphs: the media symbols
 * are missing from many installed fonts). */
const ICONS = {
  first: "M3 3h2v10H3z M13 3v10L6 8z",
  back: "M11 3v10L4 8z",
  forward: "M5 3v10l7-5z",
  last: "M11 3h2v10h-2z M3 3v10l7-5z",
};

function StepIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

export function Replay({ source }: { source: string }) {
  const params = new URLSearchParams(location.search);
  const [seat, setSeat] = useState<number>(Number(params.get("seat") ?? 0));
  const [step, setStep] = useState<number>(Number(params.get("step") ?? 0));
  const [data, setData] = useState<ReplayFrame | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetch(`/api/replay/${source}?step=${step}&seat=${seat}`)
      .then(async (r) => {
        const body = await r.json();
        if (!r.ok) throw new Error(body.error ?? r.statusText);
        return body as ReplayFrame;
      })
      .then((d) => live && (setData(d), setError(null)))
      .catch((e: Error) => live && setError(e.message));
    const url = `${location.pathname}?seat=${seat}&step=${step}`;
    history.replaceState(null, "", url);
    return () => {
      live = false;
    };
  }, [source, step, seat]);

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === "INPUT" || !data) return;
      if (e.key === "ArrowRight") setStep((s) => Math.min(data.steps, s + 1));
      if (e.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [data]);

  if (!data) {
    return <Waiting text={error ?? "Loading the replay…"} />;
  }
  const { frame } = data;
  const props = { frame, picks: new Map() as Picks, choose: () => undefined };
  const go = (n: number) => setStep(Math.max(0, Math.min(data.steps, n)));
  return (
    <main class="page replay" data-game={frame.game} data-step={data.step}>
      <TopBar title={`Replay: ${frame.title}`}>
        <label>
          as seen by{" "}
          <select value={seat} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
            {data.names.map((n, i) => (
              <option key={i} value={i}>
                {n}
              </option>
            ))}
            <option value={-2}>a spectator</option>
          </select>
        </label>
      </TopBar>
      <nav class="stepper" aria-label="replay steps">
        <button onClick={() => go(0)} aria-label="first step" disabled={data.step === 0}>
          <StepIcon d={ICONS.first} />
        </button>
        <button onClick={() => go(data.step - 1)} aria-label="step back" disabled={data.step === 0}>
          <StepIcon d={ICONS.back} />
        </button>
        <input
          type="range"
          min={0}
          max={data.steps}
          value={data.step}
          aria-label="step"
          onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
        />
        <button onClick={() => go(data.step + 1)} aria-label="step forward" disabled={data.step === data.steps}>
          <StepIcon d={ICONS.forward} />
        </button>
        <button onClick={() => go(data.steps)} aria-label="last step" disabled={data.step === data.steps}>
          <StepIcon d={ICONS.last} />
        </button>
        <span class="step-count">
          step {data.step} of {data.steps}
        </span>
      </nav>
      {data.choice && (
        <p class="replay-choice">
          Next: <b>{data.names[data.choice.seat]}</b> chooses “{data.choice.label}” <code>{data.choice.option}</code>
        </p>
      )}
      {frame.result && (
        <p class="replay-result">
          Game over: {frame.result.reason}
        </p>
      )}
      <SeatsBar frame={frame} />
      <ErrorLine error={error} />
      <GameTable props={props}>
      {frame.decision && (
        <section class="decision other">
          <p class="whose">
            {data.names[frame.decision.seat]} to decide: {frame.decision.prompt}
          </p>
        </section>
      )}
      </GameTable>
    </main>
  );
}
