// The lobby's HTTP JSON endpoints (docs/server.md, "HTTP").
export interface OptionInfo {
  key: string;
  default: unknown;
  choices: unknown[] | null;
}

export interface GameInfo {
  id: string;
  title: string;
  min_players: number;
  max_players: number;
  status: string;
  options: OptionInfo[];
  seat_choice: { key: string; noun: string; pairs: boolean; pool: string[] } | null;
  guide: string;
}

export interface Catalogue {
  games: GameInfo[];
  agents: { spec: string; help: string }[];
  stores: string[];
}

export interface SeatRequest {
  kind: "me" | "invite" | "ai";
  agent?: string;
  name?: string;
  choice?: string | string[] | null;
}

export interface CreatedSeat {
  seat: number;
  name: string;
  kind: string;
  agent?: string;
  token?: string;
}

export interface Created {
  id: string;
  game: string;
  seats: CreatedSeat[];
}

export interface GameSummary {
  id: string;
  game: string;
  title: string;
  names: string[];
  kinds: string[];
  moves: number;
  turn: number;
  deciding: number | null;
  finished: boolean;
  result: { winners: number[]; reason: string } | null;
  created: number;
  broken?: string;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(String((data as { error?: string }).error ?? response.statusText));
  return data as T;
}

export const api = {
  catalogue: () => call<Catalogue>("GET", "/api/catalogue"),
  games: () => call<{ games: GameSummary[] }>("GET", "/api/games"),
  create: (body: unknown) => call<Created>("POST", "/api/games", body),
  rematch: (id: string, token: string) => call<Created>("POST", `/api/games/${id}/rematch`, { token }),
};

export function inviteLink(id: string, token: string): string {
  return `${location.origin}/play/${id}#token=${token}`;
}
