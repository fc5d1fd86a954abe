// The data the server sends (docs/server.md, "The protocol"): a seat's view as plain JSON.

export type Stat = [string, string | number];

export interface SeatInfo {
  seat: number;
  name: string;
  active: boolean;
  deciding: boolean;
  thinking: boolean;
  stats: Stat[];
}

export interface Option {
  id: string;
  label: string;
  card: number | null;
  target: number | null;
  n: number | null;
  arg: string;
}

export interface Decision {
  seat: number;
  kind: string;
  prompt: string;
  rule: string;
  options: Option[]; // empty unless the decision is the viewer's
}

export interface CardState {
  id: number;
  hidden: boolean; // a placeholder: a back, with its public status only
  defn?: string; // the definition (its face is in faces)
  exhausted: boolean;
  face_up: boolean;
  owner: number;
  controller: number;
  counters?: Record<string, number>;
}

export interface Face {
  name: string;
  kind: string;
  text: string; // the whole text, as `cardwright cards` prints it
  numbers: Record<string, string | number>;
}

export interface Zone {
  key: string;
  label: string;
  seat: number | null;
  cards: number[];
}

export interface LogEvent {
  seq: number;
  turn: number;
  kind: string;
  text: string;
  seat: number;
  rule: string;
  card: number | null;
  // the event's plain values (a roll's dice, a total), as the game logged them; empty for
  // an event the seat sees only redacted
  data: Record<string, unknown>;
}

export interface Rule {
  text: string;
  source: string;
}

export interface Result {
  winners: number[];
  reason: string;
  rule: string;
}

// The game's own board (its present.py); these keys are read by the framework too.
export interface BoardData {
  stats?: Stat[][];
  notes?: string[];
  card_stats?: Record<string, Stat[]>;
  zone_labels?: Record<string, string>;
  counter_labels?: Record<string, string>;
  [key: string]: unknown;
}

export interface Frame {
  game: string;
  title: string;
  seat: number | null; // null: a spectator
  turn: number;
  phase: string;
  active: number;
  seats: SeatInfo[];
  decision: Decision | null;
  zones: Zone[];
  cards: Record<string, CardState>; // a zone's card missing here is a plain back
  faces: Record<string, Face>;
  log: LogEvent[];
  rules: Record<string, Rule>;
  result: Result | null;
  board: BoardData;
}

// Server messages over the WebSocket.
export interface ViewMessage {
  type: "view";
  game_id: string;
  seq: number;
  log_full: boolean;
  frame: Frame;
}
export interface ErrorMessage {
  type: "error";
  code: string;
  message: string;
}
export interface OverMessage {
  type: "over";
  result: Result;
  scores: Record<string, unknown>;
  moves: number;
}
export interface RematchMessage {
  type: "rematch";
  game_id: string;
  token: string;
}
export interface PongMessage {
  type: "pong";
  n: number;
}
export type ServerMessage = ViewMessage | ErrorMessage | OverMessage | RematchMessage | PongMessage;
