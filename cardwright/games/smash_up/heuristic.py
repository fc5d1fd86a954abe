"""A rule-based Smash Up player: plays every card it can, puts minions where they win or
place on bases about to score, destroys rival minions where it matters, moves +1 power
counters off a base that is scoring, and keeps its best cards at the hand limit. Its rules
for Madness cards (The Obligatory Cthulhu Set) are in :mod:`.heuristic_madness`, those for
Innsmouth's own cards in :mod:`.heuristic_innsmouth`.

It reads only what its seat may know: its own hand and the public zones (bases, minions,
discard piles, VP).
"""

from __future__ import annotations

from cardwright.core.rng import LocalRng
from cardwright.core.state import Decision, Option
from cardwright.core.steps import Respond
from cardwright.core.vocab import EffectStep

from . import heuristic_innsmouth as inn
from . import heuristic_madness as mad
from .carddata import MADNESS
from .catalog import BASES
from .game import SmashUp
from .madness import in_game
from .scoring import ScoreBase, rank
from .state import SUState

# what an action in hand is worth when played, by card (unlisted: 1)
_ACTION_VALUE = {
    "wizards/mystic_studies": 3.0,
    "wizards/summon": 2.5,
    "disco_dancers/its_raining_men": 2.5,
    "ninjas/seeing_stars": 2.0,
    "dinosaurs/howl": 1.0,
    "pirates/swashbuckling": 1.0,
    "dinosaurs/upgrade": 2.0,
    "kung_fu_fighters/expert_timing": 0.5,
    # Pretty Pretty Smash Up
    "fairies/fairy_ballet": 3.0,
    "fairies/magic_acorns": 2.5,
    "princesses/fairy_godmother": 2.5,
    "princesses/heirloom": 2.0,
    "kitty_cats/cats_paw": 2.5,
    "kitty_cats/cat_fight": 0.5,
    "kitty_cats/nine_lives": 0.5,
    "mythic_horses/togetherness_power": 2.5,
}
_EXTRA_MINION = {
    "wizards/summon",
    "disco_dancers/its_raining_men",
    "mythic_horses/togetherness_power",
}
_DRAW = {"wizards/mystic_studies", "wizards/enchantress"}
_PLUS1_ALL = {"dinosaurs/howl", "pirates/swashbuckling"}


#: abilities whose target gains something (pick your own minion), by card
_HELPS = {"dinosaurs/augmentation", "dinosaurs/rampage", "princesses/fairy_godmother"}

#: actions played on a minion that weaken it (put them on another player's minion)
_HURTS = {"ninjas/poison", "kitty_cats/grumpiness"}

#: Specials used whenever offered, by window and card
_ALWAYS_USE = {
    "before_scoring": ("ninjas/shinobi", "ninjas/hidden_ninja", "pirates/pirate_king"),
    "after_scoring": ("aliens/scout", "pirates/first_mate"),
}


def _acting_card(s: SUState) -> str:
    """The definition of the card whose ability asks now (its step's source)."""
    card = getattr(s.stack[-1], "source", None)
    return s.cards[card].defn if isinstance(card, int) and card in s.cards else ""


def _cid(option: Option) -> int:
    return int(option.id.rsplit(":", 1)[1])


def _is_card(option: Option) -> bool:
    """Whether the option names a card (``verb:<id>``), not ``decline`` / ``none`` / a word."""
    tail = option.id.rsplit(":", 1)[-1]
    return ":" in option.id and tail.lstrip("-").isdigit()


#: plays in one turn after which the heuristic ends its Play Cards phase rather than play on:
#: the rules let some cards repeat for ever at no gain (a Jumper played at The Homeworld, where
#: a stronger Leprechaun destroys it, goes back to its owner's hand and The Homeworld gives a
#: fresh extra play for it); no turn of real play comes near this many plays
PLAYS_PER_TURN_CAP = 30


class SmashUpHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = LocalRng(seed)

    def choose(self, g: SmashUp, s: SUState, seat: int) -> str:
        decision = s.decision
        assert decision is not None
        options = decision.options
        ids = {o.id for o in options}
        kind = decision.kind
        if in_game(s):  # Madness: its own rules first (heuristic_madness.py)
            answer = self._madness(g, s, seat, decision)
            if answer is not None:
                return answer
        if kind in ("target", "choose_base", "choose_card", "destination"):
            cards = [o for o in options if _is_card(o)]
            if not cards:
                return options[0].id
            if kind == "target":
                # "may" abilities offer decline: take it when the best target is a bad one
                sign = -1.0 if _acting_card(s) in _HELPS or _acting_card(s) in mad.HELPS else 1.0
                best = max(cards, key=lambda o: sign * self._target_value(g, s, seat, _cid(o)))
                if sign < 0:
                    return best.id
                if "decline" in ids and self._target_value(g, s, seat, _cid(best)) <= 0:
                    return "decline"
                return best.id
            options = cards
        if kind == "redraw":
            return "redraw" if "redraw" in ids else "keep"
        if kind == "play":
            return self._play(g, s, seat, options)
        if kind == "destination":
            return self._destination(g, s, seat, options)
        if kind == "choose_base":
            return max(options, key=lambda o: self._my_vp_if_scored(g, s, seat, _cid(o))).id
        if kind == "respond":
            return self._respond(g, s, seat, options)
        if kind == "choose_card":
            return max(options, key=lambda o: s.cards[_cid(o)].counters.get("p1", 0)).id
        if kind == "counters_to":
            return self._counters_to(g, s, seat, options)
        if kind == "counter_count":
            return max(options, key=lambda o: int(o.id.split(":")[1])).id
        if kind == "reuse_talent":
            return "talent" if "talent" in ids else options[0].id
        if kind == "may_draw":
            return "draw" if "draw" in ids else options[0].id
        if kind == "discard":
            cards = [o for o in options if _is_card(o)]
            if len(cards) < len(options):  # a discard that may be declined or stopped
                return next(o for o in options if not _is_card(o)).id
            return min(cards, key=lambda o: self._card_value(g, s, seat, _cid(o))).id
        if kind == "mode" and {"plus", "minus"} <= ids:
            return self._enchantment(g, s, seat)
        if kind == "extra_play":
            plays = [o for o in options if _is_card(o)]
            if not plays:
                return "decline"
            return max(plays, key=lambda o: self._card_value(g, s, seat, _cid(o))).id
        return options[0].id

    def _madness(self, g: SmashUp, s: SUState, seat: int, decision: Decision) -> str | None:
        """The Madness rules (``heuristic_madness``), and cards that put a card from the
        discard pile back into the deck: the most valuable one, never a Madness card."""
        card = _acting_card(s)
        answer = inn.choose(g, s, seat, decision, card)
        if answer is None:
            answer = mad.choose(g, s, seat, decision, card)
        if answer is not None or decision.kind not in ("choose", "recycle"):
            return answer
        picks = [o for o in decision.options if _is_card(o)]
        if card == "innsmouth":  # the base: only our own cards go under our deck
            picks = [o for o in picks if s.cards[_cid(o)].owner == seat]
        if not picks or not any(
            mad.is_madness(s, _cid(o)) for o in decision.options if _is_card(o)
        ):
            return None
        best = max(
            picks,
            key=lambda o: (
                -1.0 if mad.is_madness(s, _cid(o)) else self._card_value(g, s, seat, _cid(o))
            ),
        )
        if mad.is_madness(s, _cid(best)):
            stop = [o.id for o in decision.options if o.id in ("done", "none", "decline")]
            return stop[0] if stop else best.id
        return best.id

    def _enchantment(self, g: SmashUp, s: SUState, seat: int) -> str:
        """+1 to every minion at the base where it goes if ours are the more there, else -1."""
        top = s.stack[-1]
        source = getattr(top, "source", None)
        bid = g.base_of(s, source) if isinstance(source, int) else -1
        if bid < 0:
            return "plus"
        ours = sum(1 for c in g.minions_at(s, bid) if s.cards[c].controller == seat)
        return "plus" if 2 * ours >= len(g.minions_at(s, bid)) else "minus"

    # ------------------------------------------------------------------ valuations
    def _card_value(self, g: SmashUp, s: SUState, seat: int, cid: int) -> float:
        d = g.defn(s, cid)
        if d.type == "minion":
            return 1.0 + (d.power or 0)
        if d.id == MADNESS:
            return 0.5  # a hand's worst card: what it does, two cards drawn, costs a play
        if d.ability is not None:
            return _ACTION_VALUE.get(d.id, 1.0)
        return 0.2

    def _base_value(self, g: SmashUp, s: SUState, seat: int, bid: int, added: int) -> float:
        """How good it is to add ``added`` of our power at a base."""
        base = g.base_def(s, bid)
        powers = g.powers_at(s, bid)
        before = dict(powers)
        after = dict(powers)
        after[seat] = after.get(seat, 0) + added
        total = sum(after.values())
        bp = g.breakpoint(s, bid)
        place_after = rank(after).get(seat)
        place_before = rank(before).get(seat) if seat in before else None
        vp_after = base.vp[place_after - 1] if place_after else 0
        vp_before = base.vp[place_before - 1] if place_before else 0
        if total >= bp:  # it scores this turn
            return 3.0 * vp_after - (1.0 * vp_before if sum(before.values()) >= bp else 0.0)
        closeness = total / max(bp, 1)
        lead = after.get(seat, 0) - max((v for p, v in after.items() if p != seat), default=0)
        return (vp_after - vp_before) * (0.5 + closeness) + 0.3 * vp_after * closeness + 0.05 * lead

    def _my_vp_if_scored(self, g: SmashUp, s: SUState, seat: int, bid: int) -> float:
        if bid not in s.zones[BASES]:  # a base out of play (the base deck or discard pile)
            return 0.0
        places, _ = g.places(s, bid)
        place = places.get(seat)
        return float(g.base_def(s, bid).vp[place - 1]) if place else 0.0

    def _target_value(self, g: SmashUp, s: SUState, seat: int, cid: int) -> float:
        if cid in s.zones[BASES]:
            return 0.0  # a base (Bear Rides You may cancel one): worth no more than declining
        bid = g.base_of(s, cid)
        if not g.is_minion(s, cid):
            # an action in play: another player's is worth hitting, our own is not
            return -1.0 if s.cards[cid].controller == seat else 1.0
        power = g.power(s, cid, bid)
        mine = s.cards[cid].controller == seat
        closeness = g.total_power(s, bid) / max(1, g.breakpoint(s, bid))
        value = power * (1.0 + closeness)
        return -value if mine else value

    # ------------------------------------------------------------------ decisions
    def _play(self, g: SmashUp, s: SUState, seat: int, options: list[Option]) -> str:
        if s.minions_played + s.actions_played >= PLAYS_PER_TURN_CAP and any(
            o.id == "end" for o in options
        ):
            return "end"
        hand_minions = [c for c in s.zones[f"hand:{seat}"] if g.is_minion(s, c)]
        minion_plays = sum(1 for a in s.allowances if a.kind == "minion")
        best, best_value = "end", 0.0
        for o in options:
            verb = o.id.split(":")[0]
            if verb == "talent" or verb == "special":
                value = 5.0
                if in_game(s):
                    defn = s.cards[_cid(o)].defn
                    found = inn.talent_value(g, s, seat, defn, _cid(o))
                    if found is None:
                        found = mad.talent_value(g, s, seat, defn, _cid(o))
                    value = value if found is None else found
            elif verb == "play":
                cid = _cid(o)
                d = g.defn(s, cid)
                if d.type == "minion":
                    value = 4.0 + (d.power or 0) * 0.1
                else:
                    value = self._action_value(g, s, seat, cid, hand_minions, minion_plays)
            else:
                continue
            if value > best_value:
                best, best_value = o.id, value
        return best

    def _action_value(
        self,
        g: SmashUp,
        s: SUState,
        seat: int,
        cid: int,
        hand_minions: list[int],
        minion_plays: int,
    ) -> float:
        d = g.defn(s, cid)
        if in_game(s):
            found = inn.play_value(g, s, seat, cid, d.id)
            if found is None:
                found = mad.play_value(g, s, seat, cid, d.id)
            if found is not None:
                return found
        if d.id in _EXTRA_MINION:
            # before the minion play when there is a second minion to use it on
            return 6.0 if len(hand_minions) >= minion_plays + 1 else 0.5
        if d.id in _DRAW:
            return 4.5
        if d.id == "ninjas/seeing_stars":
            targets = [
                c
                for c, b in g.minions_in_play(s)
                if s.cards[c].controller != seat and g.power(s, c, b) <= 3
            ]
            return 3.5 if targets else 0.3
        if d.id in _PLUS1_ALL:
            if hand_minions and any(a.kind == "minion" for a in s.allowances):
                return 0.0  # minions first, so they get the +1 too
            mine = sum(1 for c, _ in g.minions_in_play(s) if s.cards[c].controller == seat)
            return 3.0 if mine >= 2 else 0.4
        if d.id == "dinosaurs/upgrade":
            mine = any(s.cards[c].controller == seat for c, _ in g.minions_in_play(s))
            return 3.0 if mine else 0.2
        if d.id == "kung_fu_fighters/expert_timing":
            return 0.1  # kept for a base about to score
        if d.ability is not None:
            return 2.0  # some other implemented effect: worth playing
        return 0.3  # no effect yet: it only makes room in hand

    def _destination(self, g: SmashUp, s: SUState, seat: int, options: list[Option]) -> str:
        top = s.stack[-1]
        cid = getattr(top, "card", -1)
        if isinstance(top, EffectStep):  # a vocabulary ability: the minion chosen to move
            chosen = top.vars.cards.get("chosen")
            cid = chosen[0] if chosen else (top.source if top.source is not None else -1)
        d = g.defn(s, cid) if cid in s.cards else None
        if d is not None and d.type == "minion":
            power = d.power or 0
            cost = mad.madness_cost(s, seat) if in_game(s) else 0.0

            def place(o: Option) -> float:
                value = self._base_value(g, s, seat, _cid(o), power)
                if cost and _cid(o) in s.cards and s.cards[_cid(o)].defn == mad.MOUNTAINS:
                    value -= cost  # its owner draws a Madness card
                return value

            return max(options, key=place).id

        if d is not None and d.id == mad.RITUAL and in_game(s):  # where another player leads
            return max(options, key=lambda o: mad.ritual_gain(g, s, seat, _cid(o))).id
        if d is not None and in_game(s):
            found = inn.destination(g, s, seat, d.id, options)
            if found is not None:
                return found
        hurts = d is not None and d.id in _HURTS

        def score(o: Option) -> float:
            target = _cid(o)
            if o.id.startswith("base:") or target in s.zones["bases"]:
                return self._base_value(g, s, seat, target, 0)
            bid = g.base_of(s, target)
            gain = self._base_value(g, s, seat, bid, 2) - self._base_value(g, s, seat, bid, 0)
            if hurts:
                gain = -gain
            return gain if s.cards[target].controller == seat else -gain

        return max(options, key=score).id

    def _respond(self, g: SmashUp, s: SUState, seat: int, options: list[Option]) -> str:
        step = s.stack[-1]
        assert isinstance(step, Respond)
        window = step.window
        scoring = window in ("before_scoring", "after_scoring") and step.card is not None
        bid = step.card if scoring and step.card is not None else -1
        for o in options:  # Specials that only add power or save a minion are always worth it
            if o.id.startswith("special:") and g.defn(s, _cid(o)).id in _ALWAYS_USE.get(
                str(window), ()
            ):
                return o.id
        if window == "before_scoring" and bid >= 0 and in_game(s):
            for o in options:
                if o.id.startswith("special:") and mad.use_special(
                    g, s, seat, g.defn(s, _cid(o)).id, _cid(o), bid
                ):
                    return o.id
        if window == "after_scoring" and bid >= 0 and in_game(s):
            for o in options:
                if o.id.startswith("special:") and inn.use_after_scoring(
                    g, s, seat, g.defn(s, _cid(o)).id, bid
                ):
                    return o.id
        if window != "before_scoring" or bid < 0:
            return "pass"
        counters = sum(
            s.cards[c].counters.get("p1", 0)
            for c in g.minions_at(s, bid)
            if s.cards[c].controller == seat
        )
        elsewhere = any(s.cards[c].controller == seat and b != bid for c, b in g.minions_in_play(s))
        if counters and elsewhere:
            for o in options:
                if o.id.startswith("special:"):
                    return o.id
        return "pass"

    def _counters_to(self, g: SmashUp, s: SUState, seat: int, options: list[Option]) -> str:
        scoring = [f.base for f in s.stack if isinstance(f, ScoreBase)]
        here = scoring[-1] if scoring else -1
        src = -1
        top = s.stack[-1]
        if isinstance(top, EffectStep):  # a vocabulary ability: the card chosen to give
            chosen = top.vars.cards.get("chosen")
            src = chosen[0] if chosen else -1
        if g.base_of(s, src) != here and here >= 0:
            return "keep" if any(o.id == "keep" for o in options) else options[0].id
        mine = [
            o
            for o in options
            if o.id.startswith("to:")
            and s.cards[_cid(o)].controller == seat
            and g.base_of(s, _cid(o)) != here
        ]
        if not mine:
            return "keep" if any(o.id == "keep" for o in options) else options[0].id
        return max(mine, key=lambda o: self._base_value(g, s, seat, g.base_of(s, _cid(o)), 1)).id
