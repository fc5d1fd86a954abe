"""Munchkin (Steve Jackson Games): the game object. 3 to 6 players, the Door and Treasure
decks, levels 1 to 10, fights, help and bribes, curses at any time.

The rules are split by area: the turn and charity (``turn.py``), playing cards, powers,
equipment, selling and trading (``play.py``, ``market.py``), combat and interference
(``combat.py``), asking for help and bribes (``help.py``), running away and Bad Stuff
(``run.py``), rewards (``rewards.py``), death and looting (``death.py``). The cards are data
(``data/*.toml``) written in the shared vocabulary (``abilities.py``, ``words.py``). This
module holds the configuration and setup, the hooks the core calls, the basic actions the
vocabulary's verbs use, combat strength and hidden information. Rule ids cited are in
``rules.toml``; rulings in ``docs/rulings/munchkin.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardwright.core import rng as chance
from cardwright.core.abilities import Ability
from cardwright.core.effects import HARD, Permission
from cardwright.core.errors import ConfigError, EngineError
from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.rules import RulesIndex
from cardwright.core.state import Card, CardRef, Lasting, Option, known_card
from cardwright.core.steps import Respond
from cardwright.core.zones import card_places, create_card

from . import board, steps  # noqa: F401  (steps: the typed steps of every rule area)
from .abilities import build_registry, card_abilities, card_keywords
from .cards import CARD_SETS, CardDef, load_set
from .help import release_forced_helper
from .market import shed_big
from .state import MKState
from .strength import StrengthParts, fight_keywords, group_of
from .windows import window_answer, window_expected, window_options, window_prompt

DEAL = 4


class Munchkin(Game[MKState]):
    """Munchkin: 3 to 6 players kill monsters and grab treasure to reach Level 10."""

    id = "munchkin"
    title = "Munchkin"
    min_players = 3
    max_players = 6
    state_type = MKState
    step_prefix = "mk."
    drawn_face_up = False
    empty_draw_rule = "mk.deck.empty"

    def __init__(self) -> None:
        super().__init__()
        self.rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
        self.registry = build_registry()
        self.sets = {name: load_set(name) for name in CARD_SETS}
        #: every card of every set by set and id (static)
        self.card_defs = {name: cards.cards for name, cards in self.sets.items()}

    # ================================================================ configuration
    def default_config(self) -> dict[str, Any]:
        return {
            "players": None,
            "names": None,
            "card_set": "classic",
            "first_player": 0,
            "sexes": None,
            "listen_at_door": False,
            "shared_victory": False,
            "max_turns": 400,
        }

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        return {
            "players": (None, 3, 4, 5, 6),
            "card_set": CARD_SETS,
            "first_player": (0, 1, 2, 3, 4, 5, "random"),
            "listen_at_door": (True, False),
            "shared_victory": (True, False),
        }

    def validate_config(self, config: Mapping[str, Any] | None) -> dict[str, Any]:
        cfg = super().validate_config(config)
        names = cfg["names"]
        n = cfg["players"]
        if isinstance(names, list):
            if n is not None and len(names) != n:
                raise ConfigError("munchkin: 'players' and 'names' disagree on the number")
            n = len(names)
        n = 4 if n is None else n
        if not self.min_players <= n <= self.max_players:
            raise ConfigError(f"munchkin: takes 3-6 players, not {n}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(n)]
        if not all(isinstance(x, str) and x for x in names) or len(set(names)) != n:
            raise ConfigError("munchkin: 'names' must be a list of different seat names")
        cfg["players"], cfg["names"] = n, list(names)
        sexes = cfg["sexes"]
        if sexes is None:
            sexes = ["male" if i % 2 == 0 else "female" for i in range(n)]
        if not isinstance(sexes, list) or len(sexes) != n or not set(sexes) <= {"male", "female"}:
            raise ConfigError("munchkin: 'sexes' must give 'male' or 'female' for every seat")
        cfg["sexes"] = list(sexes)
        first = cfg["first_player"]
        if first != "random" and first >= n:
            raise ConfigError(f"munchkin: first_player {first} is not a seat (0-{n - 1})")
        limit = cfg["max_turns"]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 3:
            raise ConfigError("munchkin: 'max_turns' must be a whole number of at least 3")
        return cfg

    # ================================================================ setup
    def setup(self, s: MKState) -> None:
        from .turn import Setup

        cfg = s.config
        n = cfg["players"]
        s.names = list(cfg["names"])
        s.level = [1] * n
        s.sex = list(cfg["sexes"])
        s.dead = [False] * n
        s.reborn = [False] * n
        for zone in board.COMMON:
            s.zones[zone] = []
        for seat in range(n):
            for zone in (*board.hand_zones(seat), f"play:{seat}"):
                s.zones[zone] = []
        cards = self.sets[cfg["card_set"]]
        for deck in ("door", "treasure"):
            for defn in cards.deck(deck):
                create_card(s, defn, -1, f"{deck}_deck", face_up=False)
            chance.shuffle(s, s.zones[f"{deck}_deck"])
            self.log(s, "shuffle", "mk.setup", f"The {deck.title()} deck is shuffled", chance=True)
        first = cfg["first_player"]
        if first == "random":
            first = chance.randbelow(s, n)
            self.log(s, "first_player", "mk.setup.first", f"{s.names[first]} starts", first)
        for seat in range(n):
            self.deal(s, seat, "mk.setup")
        s.active = first
        s.phase = "setup"
        self.push_step(s, Setup(seat=first))

    def deal(self, s: MKState, seat: int, rule: str) -> None:
        """Four cards of each deck, face down (the start, and a dead player's next turn)."""
        self.draw(s, seat, DEAL, rule, deck="door_deck", hand="hand.door")
        self.draw(s, seat, DEAL, rule, deck="treasure_deck", hand="hand.treasure")

    # ================================================================ card lookups
    def defn(self, state: MKState, card: int) -> CardDef:
        return self.card_defs[state.config["card_set"]][state.cards[card].defn]

    def card_name(self, state: MKState, card_id: int) -> str:
        c = known_card(state, card_id)
        if c is None:
            return "a hidden card"
        return self.sets[state.config["card_set"]].cards[c.defn].name

    def is_gears(self, s: MKState, card: int) -> bool:
        """A Gears card (001 Gears): printed so, or a monster some card in the fight made one
        (Brilliantly Polished)."""
        if self.monster_def(s, card).gears or self.defn(s, card).gears:
            return True
        combat = s.combat
        if combat is None or CardRef(card) not in combat.monsters:
            return False
        group = group_of(s, card)
        return any(
            host in group and self.has_keyword(s, extra, "adds_gears")
            for extra, host in combat.attached.items()
        )

    def monster_def(self, s: MKState, card: int) -> CardDef:
        """A monster's printed card (a Mate is its original's)."""
        combat = s.combat
        if combat is not None and CardRef(card) in combat.mates:
            return self.defn(s, combat.mates[CardRef(card)])
        return self.defn(s, card)

    # ================================================================ the vocabulary's hooks
    def abilities_of(self, state: MKState, card: int) -> tuple[Ability, ...]:
        defn = state.cards[card].defn
        combat = state.combat
        if combat is not None and combat.mates and card in combat.mates:
            defn = state.cards[combat.mates[CardRef(card)]].defn
        return card_abilities(state.config["card_set"], defn)

    def has_keyword(self, state: MKState, card: int, word: str) -> bool:
        defn = state.cards[card].defn
        combat = state.combat
        if combat is not None and combat.mates and card in combat.mates:
            defn = state.cards[combat.mates[CardRef(card)]].defn
        return word in card_keywords(state.config["card_set"], defn)

    def live_cards(self, s: MKState) -> Iterable[int]:
        out: list[int] = []
        for seat in range(len(s.names)):
            out.extend(board.active_cards(self, s, seat))
        out.extend(s.zones["combat"])
        out.extend(s.zones["table"])
        return out

    def card_attr(self, state: MKState, card: int, name: str) -> Any:
        d = self.defn(state, card)
        if name == "holder":
            return board.holder(state, card)
        if name == "equipped":
            return CardRef(card) in state.equipped
        if name == "bonus":
            return board.item_bonus(self, state, card)
        if name == "undead":
            return d.undead or self.monster_def(state, card).undead
        if name == "gears":
            return self.is_gears(state, card)
        if name == "level":
            return self.monster_def(state, card).level
        if name in _ATTRS:
            return getattr(d, name)
        return super().card_attr(state, card, name)

    def zone_key(self, zone: str, seat: int) -> str:
        return zone if zone in board.COMMON else f"{zone}:{seat}"

    def gain(
        self,
        state: MKState,
        seat: int,
        key: str,
        amount: int,
        rule: str,
        source: int | None,
        why: str = "",
    ) -> None:
        if key != "level":
            super().gain(state, seat, key, amount, rule, source, why)
            return
        board.set_level(self, state, seat, amount, rule, source, why)

    def discard_card(self, s: MKState, seat: int, card: int, rule: str) -> None:
        """``seat`` discards ``card`` from their hand or play area (any card, for the
        vocabulary's ``discard``)."""
        if board.zone_of(s, card) in ("door_discard", "treasure_discard"):
            return
        name = self.card_name(s, card)
        where = "hand" if board.zone_of(s, card).startswith("hand.") else "play"
        had = board.holder(s, card)  # another player's card (Kill the Hireling's Hireling)
        board.to_discard(self, s, card)
        if had >= 0 and had != seat:
            name = f"{s.names[had]}'s {name}"
        self.log(
            s, "discard", rule, f"{s.names[seat]} discards {name} from {where}", seat, card=card
        )
        self.after_loss(s, seat)
        if had >= 0 and had != seat:  # its holder may now carry too many Big Items (R9)
            self.after_loss(s, had)

    def after_loss(self, s: MKState, seat: int) -> None:
        """After a card is played or leaves ``seat``'s play area: Big Items beyond the limit
        are shed (001 Big Items); a compelled helper leaves a fight that has become one for
        the winning level."""

        if s.combat is not None:
            release_forced_helper(self, s)
        if seat < 0:
            return
        shed_big(self, s, seat)

    def may_win_level(self, s: MKState, seat: int, source: int | None) -> bool:
        """Whether a gain that is not a kill may take ``seat`` to Level 10: only if the card
        it comes from says it supersedes the rule (001 Conflicts Between Cards and Rules)."""
        hard = Permission("win_level", -1, False, tier=HARD)
        return self.allowed(s, "win_level", source, seat, extra=[hard])

    def win(self, s: MKState, seat: int, rule: str) -> None:
        combat = s.combat
        text = f"{s.names[seat]} reaches Level 10 and wins"
        if (
            s.config["shared_victory"]
            and combat is not None
            and combat.fighter == seat
            and combat.helper >= 0
        ):
            helper = combat.helper
            text += f"; {s.names[helper]}, who helped, wins too"
            self.end_game(s, [seat, helper], text, "mk.win.shared")
            return
        self.end_game(s, [seat], text, rule)

    # ================================================================ drawing
    def draw_zones(self, deck: str, hand: str) -> tuple[str, str]:
        """ "The deck" is the Door deck; a card drawn into "the hand" goes to the hand zone of
        its back (``draw(3, deck="treasure_deck")`` in a card's text)."""
        if deck == "deck":
            deck = "door_deck"
        if hand == "hand":
            hand = "hand." + deck.split("_")[0]
        return deck, hand

    def refill_pile(self, s: MKState, seat: int, rule: str, pile: str) -> bool:
        discard = pile.replace("_deck", "_discard")
        if pile not in ("door_deck", "treasure_deck") or not s.zones[discard]:
            return False
        cards = s.zones[discard]
        s.zones[pile].extend(cards)
        s.zones[discard] = []
        for c in s.zones[pile]:
            s.cards[c].face_up = False
            s.cards[c].controller = s.cards[c].owner = -1
        chance.shuffle(s, s.zones[pile])
        kind = pile.split("_")[0].title()
        self.log(
            s, "reshuffle", "mk.deck.reshuffle", f"The {kind} discards are shuffled", chance=True
        )
        return True

    def drawable(self, state: MKState, seat: int, n: int) -> int:
        return 0 if state.dead[seat] else n

    def after_draw(self, s: MKState, seat: int, drawn: int) -> None:
        for key in board.hand_zones(seat):
            for c in s.zones[key]:
                s.cards[c].controller = s.cards[c].owner = seat

    def hidden_draw_text(self, state: MKState, seat: int, pile: str) -> str:
        return f"a {pile.split('_')[0].title()} card face down"

    def roll_die(self, s: MKState, seat: int, sides: int, rule: str, why: str = "") -> int:
        """A die roll, changed by what ``seat`` has in play (Chicken on Your Head: -1)."""
        face = super().roll_die(s, seat, sides, rule, why)
        change = sum(self.value(s, "roll", c, 0) for c in board.active_cards(self, s, seat))
        if change:
            self.log(s, "roll_change", rule, f"{s.names[seat]}'s roll counts as {face + change}")
        return face + change

    # ================================================================ basic actions (verbs)
    def kill_player(self, s: MKState, seat: int, rule: str, source: int | None) -> None:
        from .death import Death

        if s.dead[seat]:
            return
        self.push_step(s, Death(seat=seat, rule=rule))

    def take_card(self, s: MKState, card: int, seat: int, rule: str, blind: bool = False) -> None:
        """``seat`` takes ``card`` (an Item in another's play stays in play; a card from a
        hand or a discard pile goes into the taker's hand)."""
        if s.dead[seat]:
            self.log(s, "take", "mk.death.no_cards", f"{s.names[seat]} is dead and takes nothing")
            return
        zone = board.zone_of(s, card)
        giver = board.holder(s, card)
        name = self.card_name(s, card)
        if zone.startswith("play:"):
            board.to_play(self, s, card, seat)
            text = f"{s.names[seat]} takes {name} from {s.names[giver]}"
            self.log(s, "take", rule, text, seat, card=card)
            self.after_loss(s, giver)
            self.after_loss(s, seat)
            return
        public = zone.endswith("discard")
        board.to_hand(self, s, card, seat, public=public)
        if giver >= 0:
            s.known[CardRef(card)] = [giver]
        text = f"{s.names[seat]} takes {name}" + (f" from {s.names[giver]}" if giver >= 0 else "")
        if public:
            self.log(s, "take", rule, text, seat, card=card)
        else:
            seen = [seat] if giver < 0 else [seat, giver]
            hidden = f"{s.names[seat]} takes a card" + (
                f" from {s.names[giver]}'s hand" if giver >= 0 else ""
            )
            self.log(s, "take", rule, text, seat, visible_to=seen, redacted=hidden, card=card)
        if seat != s.active:
            s.fresh.append(CardRef(card))

    def give_card(self, s: MKState, card: int, seat: int, rule: str) -> None:
        """``card`` goes to ``seat``'s hand from its giver's (charity): both know it."""
        self.take_card(s, card, seat, rule)

    def remove_monster(
        self, s: MKState, card: int, rule: str, *, treasure: bool, killed: bool
    ) -> None:
        from .combat import remove_monster

        remove_monster(self, s, card, rule, treasure=treasure, killed=killed)

    def join_monster(self, s: MKState, card: int, seat: int, rule: str) -> None:
        from .combat import join_monster

        join_monster(self, s, card, seat, rule)

    def attach_card(self, s: MKState, card: int, host: int, seat: int, rule: str) -> None:
        board.to_play(self, s, card, seat)
        s.attached[CardRef(card)] = CardRef(host)
        text = f"{self.card_name(s, card)} goes on {self.card_name(s, host)}"
        self.log(s, "attach", rule, text, seat, card=card)

    def borrow_item(self, s: MKState, item: int, seat: int, rule: str) -> None:
        lender = board.holder(s, item)
        board.to_play(self, s, item, seat)
        s.equipped.append(CardRef(item))
        s.lasting.append(
            Lasting("borrowed", CardRef(item), lender, 0, until=board.fight_over(seat))
        )
        text = f"{s.names[seat]} borrows {self.card_name(s, item)} from {s.names[lender]}"
        self.log(s, "borrow", rule, text, seat, card=item)
        self.after_loss(s, lender)

    def keep_curse(self, s: MKState, card: int, seat: int, rule: str) -> None:
        board.to_play(self, s, card, seat)
        text = f"{self.card_name(s, card)} stays in front of {s.names[seat]}"
        self.log(s, "keep", "mk.play.curse_next", text, seat, card=card)

    def change_sex(self, s: MKState, seat: int, rule: str) -> None:
        s.sex[seat] = "female" if s.sex[seat] == "male" else "male"
        self.log(s, "sex", rule, f"{s.names[seat]} is now {s.sex[seat]}", seat)
        self.unequip_unusable(s, seat, rule)

    def unequip_unusable(self, s: MKState, seat: int, rule: str) -> None:
        """Items ``seat`` can no longer use are carried, not equipped (001 Items)."""
        for item in list(s.equipped):
            if board.holder(s, item) == seat and not board.usable(self, s, seat, item):
                s.equipped.remove(item)

    def boost(self, s: MKState, seat: int, n: int, rule: str, source: int | None) -> None:
        """``seat``'s combat strength changes by ``n`` until the end of its current fight (or
        its next one: 001 Curses, "next combat" curses)."""
        ref = None if source is None else CardRef(source)
        s.lasting.append(Lasting("strength", None, seat, n, ref, until=board.fight_over(seat)))
        sign = "+" if n >= 0 else ""
        self.log(s, "boost", rule, f"{s.names[seat]} gets {sign}{n} in the fight", seat)

    def weaken(self, s: MKState, card: int, n: int, rule: str, source: int | None) -> None:
        """A monster's strength changes by ``-n`` until the end of the fight."""
        combat = s.combat
        if combat is None or CardRef(card) not in combat.monsters:
            return
        ref = None if source is None else CardRef(source)
        until = board.fight_over(combat.fighter)
        s.lasting.append(Lasting("strength", CardRef(card), -1, -n, ref, until=until))
        sign = "+" if -n >= 0 else ""
        self.log(
            s, "weaken", rule, f"{self.card_name(s, card)} gets {sign}{-n} in the fight", card=card
        )

    def mark_next_combat(
        self, s: MKState, seat: int, name: str, rule: str, source: int | None
    ) -> None:
        board.add_mark(s, seat, name, board.fight_over(seat), source)
        self.log(s, "mark", rule, f"{s.names[seat]}: {_MARKS.get(name, name)}", seat)

    def adopt_from_discards(self, s: MKState, seat: int, kind: str, rule: str) -> None:
        for card in reversed(s.zones["door_discard"]):
            if self.defn(s, card).kind == kind:
                board.to_play(self, s, card, seat)
                text = f"{s.names[seat]} becomes {self.card_name(s, card)}"
                self.log(s, "adopt", rule, text, seat, card=card)
                return

    # ================================================================ combat strength
    def player_strength(self, s: MKState, seat: int) -> int:
        """Level plus equipped usable Items' bonuses plus what lasts on the seat (one-shots,
        curses, powers), as the fight's monsters allow (Level only, Items only)."""
        return self.strength_parts(s, seat).total

    def strength_parts(self, s: MKState, seat: int) -> StrengthParts:
        """What ``seat``'s combat strength is made of (:class:`StrengthParts`)."""
        words = fight_keywords(self, s)
        level = 0 if "items_only" in words else s.level[seat]
        items = 0
        if "level_only" not in words and not board.marks(s, seat, "no_items"):
            for item in s.equipped:
                if board.holder(s, item) == seat and board.usable(self, s, seat, item):
                    items += board.item_bonus(self, s, item)
        extra = sum(
            e.amount
            for e in s.lasting
            if e.key == "strength" and e.seat == seat and e.target is None
        )
        return StrengthParts(level, items, extra, board.marks(s, seat, "double") > 0)

    def party_strength(self, s: MKState) -> int:
        combat = s.combat
        if combat is None:
            return 0
        total = self.player_strength(s, combat.fighter)
        if combat.helper >= 0:
            total += self.player_strength(s, combat.helper)
        for card in combat.party:
            total += self.defn(s, card).bonus
        return total

    def monster_strength(self, s: MKState, card: int) -> int:
        """A monster's level, its own modifiers, and every card played on it or its Mates
        (001 Monster Enhancers)."""
        base = self.monster_def(s, card).level
        value = self.value(s, "strength", card, base)
        combat = s.combat
        if combat is not None:
            group = group_of(s, card)
            for extra, host in combat.attached.items():
                if host in group and self.defn(s, extra).kind in ("enhancer", "oneshot"):
                    value += self.defn(s, extra).bonus
        return value

    def monsters_strength(self, s: MKState) -> int:
        combat = s.combat
        return 0 if combat is None else sum(self.monster_strength(s, m) for m in combat.monsters)

    # ================================================================ response windows
    def response_options(self, state: MKState, frame: Any, seat: int) -> list[Option]:
        return window_options(self, state, frame, seat)

    def response_expected(self, state: MKState, frame: Any, seat: int) -> bool:
        return window_expected(self, state, frame, seat)

    def respond(self, state: MKState, frame: Respond, seat: int, choice: Option) -> None:
        window_answer(self, state, frame, seat, choice)

    def response_prompt(self, state: MKState, frame: Any, seat: int) -> str:
        return window_prompt(self, state, frame, seat)

    # ================================================================ hidden information
    def card_visible(self, state: MKState, zone: str, card: Card, seat: int) -> bool:
        if zone.startswith("hand."):
            if int(zone.rsplit(":", 1)[1]) == seat or card.face_up:
                return True
            return seat in state.known.get(CardRef(card.id), ())
        return zone not in ("door_deck", "treasure_deck")

    def pool_key(self, state: MKState, zone: str, seat: int) -> str:
        return "door" if zone.startswith(("door_", "hand.door")) else "treasure"

    def pool_known(self, state: MKState, pool: str, seat: int) -> bool:
        # the card set is public and every card is somewhere: the makeup of the hidden
        # Door (or Treasure) cards is everything not in sight
        return True

    def sample_unknown(self, state: MKState, pool: str, count: int, rng: LocalRng) -> list[str]:
        raise EngineError(f"munchkin: every pool is known, yet pool {pool!r} was not")

    # ================================================================ checks and reports
    def invariants(self, s: MKState) -> list[str]:
        _, problems = card_places(s)
        n = len(s.names)
        for seat in range(n):
            if not 1 <= s.level[seat] <= board.MAX_LEVEL:
                problems.append(f"{s.names[seat]} is at level {s.level[seat]}")
            if len(board.big_items(self, s, seat)) > 1 and not board.keyword_in_play(
                self, s, seat, "any_big"
            ):
                problems.append(f"{s.names[seat]} has more than one Big Item")
        if s.result is None and any(level >= board.MAX_LEVEL for level in s.level):
            problems.append("a player is at Level 10 and the game goes on")
        result = s.result
        if result is not None and result.winners and result.rule not in WIN_RULES:
            problems.append(f"a player reached Level 10 by {result.rule}, not by a kill")
        for item in s.equipped:
            if not board.zone_of(s, item).startswith("play:"):
                problems.append(f"equipped card {item} is not in play")
        for seat in range(n):
            for key in board.hand_zones(seat):
                deck = key.split(".")[1].split(":")[0]
                for c in s.zones[key]:
                    if known_card(s, c) is not None and self.defn(s, c).deck != deck:
                        problems.append(f"card {c} is in the wrong hand zone {key}")
        for pile in ("door_deck", "door_discard", "treasure_deck", "treasure_discard"):
            deck = pile.split("_")[0]
            for c in s.zones[pile]:
                if known_card(s, c) is not None and self.defn(s, c).deck != deck:
                    problems.append(f"card {c} is in {pile}")
        return problems

    def render(self, view: MKState, seat: int) -> str:
        from .render import render

        return render(self, view, seat)

    def scores(self, s: MKState) -> dict[str, Any]:
        return {"level": list(s.level)}


#: how a game may be won: a kill (and a helper sharing it), or a card that says it overrides
#: the rule (001 Conflicts Between Cards and Rules)
WIN_RULES = ("mk.combat.win", "mk.win.shared", "mk.card.door")

_ATTRS = {
    "name",
    "kind",
    "deck",
    "slot",
    "hands",
    "big",
    "gold",
    "level",
    "treasures",
    "gears",
    "below_waist",
    "fire",
    "stick",
    "cane",
    "tag",
}
_MARKS = {
    "no_items": "no Item bonuses in the next fight",
    "double": "their own strength counts twice in this fight",
    "wall": "they get away without rolling if they run",
}
