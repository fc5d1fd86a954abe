// The WebSocket to the server: joins a game (with the seat's token, or as a spectator),
// reconnects by itself with growing delays when the connection drops, and merges each view
// message into the frame shown (a view carries only the log events and card faces the
// connection has not had yet).
import type { Frame, ServerMessage, ViewMessage } from "./types";

export type Status = "connecting" | "open" | "reconnecting" | "closed";

export interface Session {
  send(message: object): boolean;
  close(): void;
}

export function mergeView(previous: Frame | null, message: ViewMessage): Frame {
  const incoming = message.frame;
  if (message.log_full || previous === null || previous.game !== incoming.game) return incoming;
  const last = previous.log.length ? previous.log[previous.log.length - 1].seq : -1;
  return {
    ...incoming,
    faces: { ...previous.faces, ...incoming.faces },
    rules: { ...previous.rules, ...incoming.rules },
    log: [...previous.log, ...incoming.log.filter((e) => e.seq > last)],
  };
}

export function tokenKey(gameId: string): string {
  return `cardwright.token.${gameId}`;
}

export function connect(
  join: object,
  onMessage: (m: ServerMessage) => void,
  onStatus: (s: Status) => void,
): Session {
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let timer: number | undefined;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;

  const open = () => {
    onStatus(attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      ws.send(JSON.stringify(join));
      onStatus("open");
    };
    ws.onmessage = (event) => {
      try {
        onMessage(JSON.parse(String(event.data)) as ServerMessage);
      } catch {
        // a message that is not JSON is ignored: the server sends only JSON
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      attempt += 1;
      onStatus("reconnecting");
      const delay = Math.min(8000, 400 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
      timer = window.setTimeout(open, delay);
    };
  };
  open();
  return {
    send(message: object): boolean {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      closed = true;
      window.clearTimeout(timer);
      socket?.close();
      onStatus("closed");
    },
  };
}
