"""A rule-based Munchkin player (issue 11): it fights what it can beat, asks for help with a
fair share of the Treasure, helps when the share is worth it (never the leader to the winning
level), interferes against the leader and curses the leader, builds its character (class,
race, the best Items it can use) and sells what it cannot use.

It reads only what its seat may know: its own hand, the public table, the levels, and the
numbers the rules compute from public cards (combat strengths).
"""

from __future__ import annotations

from cardwright.core.rng import LocalRng
from cardwright.core.state import CardRef, Option

from . import board
from .game import Munchkin
from .help import SHARE_IDS
from .state import MKState
from .strength import fighters_win, treasures_of

#: options answering a question with "go on" rather than doing something
_GO_ON = ("kick", "end", "done", "pass", "loot")


class MunchkinHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = LocalRng(seed)

    # ------------------------------------------------------------------ entry
    def choose(self, g: Munchkin, s: MKState, seat: int) -> str:
        decision = s.decision
        assert decision is not None
        options = decision.options
        ids = {o.id for o in options}
        kind = decision.kind
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            found = handler(g, s, seat, options, ids)
            if found is not None:
                return str(found)
        return self._generic(g, s, seat, options, ids)

    # ------------------------------------------------------------------ values
    def card_value(self, g: Munchkin, s: MKState, seat: int, card: int) -> float:
        """How much a card is worth to ``seat`` (in levels, roughly)."""
        d = g.defn(s, card)
        kind = d.kind
        if kind == "level":
            return 3.0
        if kind == "item":
            usable = board.usable(g, s, seat, card)
            return (d.bonus if usable else 0) * 0.8 + d.gold / 1000 + (1 if d.big else 0) * 0
        if kind == "oneshot":
            return d.bonus * 0.5 + d.gold / 1000 + 0.5
        if kind in ("class", "race"):
            return 1.5
        if kind == "curse":
            return 1.0
        if kind == "enhancer":
            return 1.0
        if kind == "monster":
            return 0.6
        return 1.0

    @staticmethod
    def leader(s: MKState, seat: int) -> int:
        """The other player with the highest level (the first of equals from my left)."""
        n = len(s.names)
        others = [(seat + i) % n for i in range(1, n)]
        return max(others, key=lambda x: (s.level[x], -others.index(x)))

    def threat(self, g: Munchkin, s: MKState, seat: int, who: int) -> bool:
        """Whether ``who`` winning this fight is bad for me: they lead, or would win."""
        combat = s.combat
        if combat is None or who == seat:
            return False
        levels = sum(g.monster_def(s, m).levels for m in combat.monsters)
        if s.level[who] + levels >= board.MAX_LEVEL:
            return True
        return s.level[who] >= s.level[seat] and who == self.leader(s, seat)

    # ------------------------------------------------------------------ own turn
    def _own_turn(self, g: Munchkin, s: MKState, seat: int, options: list[Option]) -> str | None:
        """The best thing to do on my turn out of a fight, or None to go on."""
        best: tuple[float, str] | None = None
        lead = self.leader(s, seat)
        for o in options:
            kind = o.id.split(":", 1)[0]
            score = 0.0
            card = o.card
            if kind == "play" and card is not None:
                d = g.defn(s, card)
                if d.kind in ("class", "race", "super_munchkin", "half_breed", "ally"):
                    score = 5
                elif d.kind == "item":
                    if board.usable(g, s, seat, card) and board.slot_free(g, s, seat, card):
                        score = 4 + d.bonus
                    elif board.usable(g, s, seat, card):
                        score = 0.5
                elif d.kind == "door" and o.target is None:
                    score = 1 if not g.has_keyword(s, card, "combat") else 0
                elif d.kind == "treasure":
                    score = 2
            elif kind == "equip" and card is not None:
                off = board.conflicts(g, s, seat, card)
                gain = board.item_bonus(g, s, card) - sum(board.item_bonus(g, s, c) for c in off)
                score = 3 + gain if gain > 0 else 0
            elif kind == "level" and o.n == seat:
                score = 6
            elif kind == "curse" and o.n == lead and s.level[lead] >= s.level[seat]:
                score = 2.5
            elif kind == "steal" and o.n == lead:
                score = 4
            elif kind == "sell":
                score = 3.5 if self._sellable_waste(g, s, seat) >= 1000 else 0
            elif kind == "power" and card is not None:
                score = 0  # powers out of a fight (a theft) are not worth the cards
            if score > 0 and (best is None or score > best[0]):
                best = (score, o.id)
        return None if best is None else best[1]

    def _sellable_waste(self, g: Munchkin, s: MKState, seat: int) -> int:
        total = 0
        for c in [*board.in_play(s, seat), *board.hand(s, seat)]:
            d = g.defn(s, c)
            if not d.is_item or CardRef(c) in s.equipped:
                continue
            if d.kind == "item" and board.usable(g, s, seat, c) and board.slot_free(g, s, seat, c):
                continue
            total += d.gold
        return total

    def _setup(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return self._own_turn(g, s, seat, options) or "done"

    def _main(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        found = self._own_turn(g, s, seat, options)
        if found is not None:
            return found
        return "kick" if "kick" in ids else "end"

    def _trouble(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        found = self._own_turn(g, s, seat, options)
        if found is not None:
            return found
        mine = g.player_strength(s, seat)
        best: tuple[int, str] | None = None
        for o in options:
            if o.id.startswith("fight:") and o.card is not None:
                d = g.defn(s, o.card)
                if mine > d.level + 2 and (best is None or d.level > best[0]):
                    best = (d.level, o.id)
        return best[1] if best is not None else "loot"

    def _kicked(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return "play_kicked" if "play_kicked" in ids else "keep"

    # ------------------------------------------------------------------ windows
    def _respond(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        combat = s.combat
        if combat is not None:
            return self._combat(g, s, seat, options)
        for o in options:
            kind = o.id.split(":", 1)[0]
            if kind == "wish":
                return o.id
        found = self._anytime(g, s, seat, options)
        return found or "pass"

    def _anytime(self, g: Munchkin, s: MKState, seat: int, options: list[Option]) -> str | None:
        lead = self.leader(s, seat)
        for o in options:
            kind = o.id.split(":", 1)[0]
            if kind == "level" and o.n == seat:
                return o.id
            if kind == "steal" and o.n == lead:
                return o.id
        for o in options:
            kind = o.id.split(":", 1)[0]
            if kind == "curse" and o.n == lead and s.level[lead] > s.level[seat]:
                return o.id
            if kind == "play" and o.card is not None and o.card in s.fresh:
                d = g.defn(s, o.card)
                if d.kind in ("item", "class", "race") and board.usable(g, s, seat, o.card):
                    return o.id
        return None

    def _combat(self, g: Munchkin, s: MKState, seat: int, options: list[Option]) -> str:
        combat = s.combat
        assert combat is not None
        mine = seat in (combat.fighter, combat.helper)
        winning = fighters_win(g, s)
        if mine:
            if winning:
                return "pass"
            gap = g.monsters_strength(s) - g.party_strength(s) + 1
            # powers and one-shots for our side, the cheapest that closes the gap first
            for o in options:
                kind = o.id.split(":", 1)[0]
                if kind == "power" and not o.arg:
                    return o.id
                if kind == "chase":
                    return o.id
            boosts = [
                o
                for o in options
                if o.id.startswith("use:") and o.arg == "party" and o.card is not None
            ]
            if boosts:
                total = sum(g.defn(s, o.card).bonus for o in boosts if o.card is not None)
                if total >= gap or combat.helper >= 0 or seat != combat.fighter:
                    return min(boosts, key=lambda o: g.defn(s, o.card).bonus if o.card else 0).id
            asks = [o for o in options if o.id.startswith("help:") and o.n is not None]
            if asks:
                best = self._best_helper(g, s, seat, asks, gap)
                if best is not None:
                    return best
            if boosts:
                return boosts[0].id
            return "pass"
        # someone else's fight: hinder a threat, help a friend in need
        fighter = combat.fighter
        if self.threat(g, s, seat, fighter) and winning:
            for o in options:
                kind = o.id.split(":", 1)[0]
                if kind in ("enhance",) or (kind == "use" and o.arg == "monster"):
                    return o.id
                if kind == "curse" and o.n == fighter:
                    return o.id
                if kind == "play" and o.target is not None:  # a wandering monster
                    return o.id
        return "pass"

    def _best_helper(
        self, g: Munchkin, s: MKState, seat: int, asks: list[Option], gap: int
    ) -> str | None:
        """Ask the weakest player whose strength closes the gap, not the leader if possible."""
        lead = self.leader(s, seat)
        fit = []
        for o in asks:
            assert o.n is not None
            strength = g.player_strength(s, o.n)
            if strength >= gap:
                fit.append((o.n == lead, strength, o.id))
        if not fit:
            return None
        fit.sort()
        return fit[0][2]

    # ------------------------------------------------------------------ help
    def _offer(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        combat = s.combat
        assert combat is not None
        total = sum(treasures_of(g, s, m) for m in combat.monsters)
        share = "first" if total <= 2 else ("first_last" if total <= 4 else "half_fighter_first")
        return f"offer:{share}"

    def _help(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        combat = s.combat
        assert combat is not None and combat.offer is not None
        fighter = combat.fighter
        levels = sum(g.monster_def(s, m).levels for m in combat.monsters)
        if s.level[fighter] + levels >= board.MAX_LEVEL and not s.config["shared_victory"]:
            return "refuse"
        share = combat.offer.share
        elf = board.has_trait(g, s, seat, "race:elf")
        rank = SHARE_IDS.index(share)
        if fighter == self.leader(s, seat) and s.level[fighter] > s.level[seat] + 1:
            want = "half_helper_first"
        else:
            want = "none" if elf else "first"
        if rank >= SHARE_IDS.index(want):
            return "accept"
        demand = f"demand:{want}"
        return demand if demand in ids else "refuse"

    def _bargain(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        combat = s.combat
        assert combat is not None and combat.offer is not None
        return "agree" if combat.offer.demand != "all" else "decline"

    # ------------------------------------------------------------------ treasure and loss
    def _pick_treasure(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return self._best_card(g, s, seat, options)

    def _loot_body(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return self._best_card(g, s, seat, options)

    def _best_card(self, g: Munchkin, s: MKState, seat: int, options: list[Option]) -> str:
        scored = [
            (self.card_value(g, s, seat, o.card), o.id) for o in options if o.card is not None
        ]
        return max(scored)[1] if scored else options[0].id

    def _worst_card(self, g: Munchkin, s: MKState, seat: int, options: list[Option]) -> str:
        scored = [
            (self.card_value(g, s, seat, o.card), o.id) for o in options if o.card is not None
        ]
        return min(scored)[1] if scored else options[0].id

    def _charity(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return self._worst_card(g, s, seat, options)

    def _sell(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        if "sell" in ids:
            return "sell"
        adds = []
        for o in options:
            if o.id.startswith("add:") and o.card is not None:
                if o.card in s.equipped:
                    continue
                adds.append(
                    (self.card_value(g, s, seat, o.card) - g.defn(s, o.card).gold / 500, o.id)
                )
        return min(adds)[1] if adds else "cancel"

    def _trade(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return "cancel" if "cancel" in ids else options[-1].id

    def _trade_reply(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return "decline"

    def _gift(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return "cancel"

    def _gift_reply(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return "accept"

    def _run(self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]) -> str:
        return "roll"

    def _failed_escape(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        for o in options:
            if o.id != "caught":
                return o.id
        return "caught"

    def _lose_choice(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        """Bad Stuff giving a choice: the hand when it is small or levels are dear."""
        small = len(board.hand(s, seat)) <= 2 or s.level[seat] >= 5
        return "hand" if small and "hand" in ids else options[-1].id

    def _transfer(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        lead = self.leader(s, seat)
        for o in options:
            if o.n == lead:
                return o.id
        return options[0].id

    def _use_power(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        return options[0].id

    # ------------------------------------------------------------------ anything else
    def _generic(
        self, g: Munchkin, s: MKState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        """A choice among cards: keep the best of mine, give away or lose the worst; take the
        best of others'. Otherwise the first answer that is not a refusal."""
        cards = [o for o in options if o.card is not None]
        if cards:
            mine = [o for o in cards if o.card is not None and board.holder(s, o.card) == seat]
            if mine:
                return self._worst_card(g, s, seat, mine)
            return self._best_card(g, s, seat, cards)
        for o in options:
            if o.id not in ("decline", "refuse", "cancel"):
                return o.id
        return options[0].id
