"""What the browser is sent of a game: a seat's view turned into plain JSON data.

Everything here is computed from ``game.view(state, seat)`` (never from the state): the
generic part every game gets (seats, zones of cards, each visible card's face, hidden cards
as placeholders with their public status, the log with the rules it cites, the decision),
and the game's own board from its registry entry's ``present`` tool. ``docs/server.md``
("Writing a board") is the contract.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardwright.core.game import Game
from cardwright.core.state import SPECTATOR, LogEvent, State, known_card
from cardwright.games import GAMES, get_game


def zone_label(view: State, key: str) -> tuple[str, int | None]:
    """A zone's words and its seat (None for a shared zone): ``hand:0`` -> ("Ann's hand", 0),
    ``door_deck`` -> ("door deck", None), ``hand.door:1`` -> ("Bob's hand (door)", 1),
    ``buried:12:0`` (a zone of card 12's) -> ("Ann's buried (Castle Blood)", 0)."""
    kind, sep, tail = key.rpartition(":")
    if not sep:
        kind, tail = key, ""
    head, colon, about = kind.partition(":")  # a zone of a card's: buried:12:0
    of = ""
    if colon and about.lstrip("-").isdigit():
        kind, card = head, known_card(view, int(about))
        of = f" ({get_game(view.game).card_name(view, card.id) if card else 'a card'})"
    words = kind.replace("_", " ")
    if "." in words:
        head, _, sub = words.partition(".")
        words = f"{head} ({sub})"
    words += of
    if tail.isdigit() and int(tail) < len(view.names):
        seat = int(tail)
        return f"{view.names[seat]}'s {words}", seat
    if tail.lstrip("-").isdigit():
        card = known_card(view, int(tail))
        game = get_game(view.game)
        return (f"{words}: {game.card_name(view, card.id)}" if card else words), None
    return (f"{words} {tail}".strip(), None)


class Presenter:
    """Turns views of one game into JSON data; keeps the faces of the cards it has met (a
    face depends only on the definition and the game's config)."""

    def __init__(self, game_id: str, config: dict[str, Any]) -> None:
        self.game: Game = get_game(game_id)
        entry = GAMES[game_id]
        self.config = config
        self._board = entry.tool("present")
        self._face = entry.tool("card_face")
        self._faces: dict[str, dict[str, Any]] = {}

    def face(self, defn: str) -> dict[str, Any]:
        found = self._faces.get(defn)
        if found is None:
            if self._face is None:
                found = {"name": defn, "kind": "", "text": "", "numbers": {}}
            else:
                found = dict(self._face(self.game, self.config, defn))
            self._faces[defn] = found
        return found

    def rules(self, ids: Iterable[str]) -> dict[str, dict[str, str]]:
        out = {}
        for rule_id in ids:
            rule = self.game.rules.get(rule_id) if rule_id else None
            if rule is not None:
                out[rule_id] = {"text": rule.text, "source": rule.source}
        return out

    def frame(
        self,
        view: State,
        seat: int,
        *,
        thinking: Iterable[int] = (),
        log_from: int = 0,
    ) -> dict[str, Any]:
        """The data of one view: ``seat`` is the viewer (``SPECTATOR`` for a spectator);
        ``thinking``: AI seats thinking now; ``log_from``: leave out log events whose
        ``seq`` is below it (the client has them)."""
        game = self.game
        thinking = set(thinking)
        decision = view.decision
        board = self._board(game, view, seat) if self._board is not None else {}
        stats = board.get("stats") or []
        scores = game.scores(view)
        seats = []
        for p, name in enumerate(view.names):
            seat_stats = list(stats[p]) if p < len(stats) else []
            if not seat_stats:
                seat_stats = [
                    [key, values[p]]
                    for key, values in scores.items()
                    if isinstance(values, list) and len(values) == len(view.names)
                ]
            seats.append(
                {
                    "seat": p,
                    "name": name,
                    "active": p == view.active,
                    "deciding": decision is not None and decision.seat == p,
                    "thinking": p in thinking,
                    "stats": seat_stats,
                }
            )
        zones = []
        cards: dict[str, dict[str, Any]] = {}
        faces: dict[str, dict[str, Any]] = {}
        labels = board.get("zone_labels") or {}
        for key, ids in view.zones.items():
            label, owner = zone_label(view, key)
            zones.append(
                {"key": key, "label": labels.get(key, label), "seat": owner, "cards": list(ids)}
            )
            for cid in ids:
                card = view.cards[cid]
                hidden = known_card(view, cid) is None
                if hidden and not (card.exhausted or card.counters):
                    continue  # a plain back: what a zone's card missing from ``cards`` is
                entry: dict[str, Any] = {
                    "id": cid,
                    "hidden": hidden,
                    "exhausted": card.exhausted,
                    # "face down" is said of a card on the table: a held card is neither
                    "face_up": card.face_up or key.split(":")[0].split(".")[0] == "hand",
                    "owner": card.owner,
                    "controller": card.controller,
                }
                if card.counters:
                    entry["counters"] = dict(card.counters)
                if not hidden:
                    entry["defn"] = card.defn
                    faces.setdefault(card.defn, self.face(card.defn))
                cards[str(cid)] = entry
        log = [self.event(e) for e in view.log if e.seq >= log_from]
        cited = {e["rule"] for e in log}
        shown_decision = None
        if decision is not None:
            cited.add(decision.rule)
            shown_decision = {
                "seat": decision.seat,
                "kind": decision.kind,
                "prompt": decision.prompt,
                "rule": decision.rule,
                "options": [
                    {
                        "id": o.id,
                        "label": o.label,
                        "card": o.card,
                        "target": o.target,
                        "n": o.n,
                        "arg": o.arg,
                    }
                    for o in decision.options
                ]
                if decision.seat == seat
                else [],
            }
        result = view.result
        if result is not None:
            cited.add(result.rule)
        return {
            "game": view.game,
            "title": GAMES[view.game].title,
            "seat": None if seat == SPECTATOR else seat,
            "turn": view.turn,
            "phase": view.phase,
            "active": view.active,
            "seats": seats,
            "decision": shown_decision,
            "zones": zones,
            "cards": cards,
            "faces": faces,
            "log": log,
            "rules": self.rules(sorted(cited)),
            "result": None
            if result is None
            else {"winners": list(result.winners), "reason": result.reason, "rule": result.rule},
            "board": board,
        }

    @staticmethod
    def event(e: LogEvent) -> dict[str, Any]:
        return {
            "seq": e.seq,
            "turn": e.turn,
            "kind": e.kind,
            "text": e.text,
            "seat": e.seat,
            "rule": e.rule,
            "card": e.card,
            "data": e.data,
        }
