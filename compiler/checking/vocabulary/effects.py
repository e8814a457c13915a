"""Effects: what a card does, what only a worked example does, and the parts of a Building's cost."""

from __future__ import annotations

from compiler.checking.vocabulary.entries import (
    Effect,
    Payment,
)
from runtime.model import declarations as declared

# Effects: what a card does ------------------------------------------------------------------

ACTIONS: dict[str, declared.Action] = {
    "build a building": declared.BUILD_BUILDING_ACTION,
    "build a ship": declared.BUILD_SHIP_ACTION,
    "issue a share": declared.ISSUE_SHARE_ACTION,
    "buy all shares": declared.BUY_ALL_SHARES_ACTION,
    "take an elder": declared.TAKE_ELDER_ACTION,
    "serve fish": declared.SERVE_FISH_ACTION,
    "transfer reserve": declared.TRANSFER_RESERVE_ACTION,
    "thin out": declared.THIN_OUT_ACTION,
    "deforest": declared.DEFOREST_ACTION,
    "reforest": declared.REFOREST_ACTION,
}


SMALL_WORDS = frozenset({"a", "an", "the", "all", "of", "on", "to", "for"})


def title(words: str) -> str:
    """An action's name as the rulebook writes it: "Build a Ship", "Take an Elder", "Buy all Shares"."""
    first, *rest = words.split()
    return " ".join([first.capitalize(), *(w if w in SMALL_WORDS else w.capitalize() for w in rest)])


def caused_by(action: declared.Action) -> tuple[str, ...]:
    return (action.event.name,) if action.event is not None else ()


ACTION_RULES = {  # the rule parameters that change what an action does (for the reference's interactions)
    declared.REFOREST_ACTION.name: ("reforest_up_to", "reforest_forests"),
}


EFFECTS = (
    Effect(
        "take {amount} {good}",
        "take",
        "take {amount} {good} from the general supply and place the {good} in your personal supply",
        gains="good",
    ),
    Effect(
        "return {amount} {good}",
        "give_back",
        "return {amount} {good} from your personal supply to the general supply",
        returns="good",
    ),
    Effect(
        "pay {amount} {good}",
        "give_back",
        "return {amount} {good} from your personal supply to the general supply (Guests cannot pay it)",
        returns="good",
    ),
    Effect(
        "put {amount} {good} in reserve",
        "put_in_reserve",
        "place {amount} {good} from the general supply in your Reserve",
    ),
    Effect(
        "put {amount} {good} on this building",
        "put_on_card",
        "place {amount} {good} from the general supply on this Building",
        onto_card="good",
        on_card=True,
    ),
    Effect(
        "move {amount} {good} from supply to this building",
        "move_to_card",
        "move {amount} {good} from your personal supply onto this Building",
        onto_card="good",
        on_card=True,
    ),
    Effect("remove this building from play", "remove_card", "remove this Building from play", on_card=True),
    Effect(
        "decline the effect of this building",
        "decline_card",
        "decline this Building's effect for good (its rules no longer apply; it still scores)",
        on_card=True,
    ),
    Effect(
        "remove a forest",
        "remove_one_forest",
        "remove a Forest from your Harbor board",
        causes=(declared.REMOVE_FOREST.name,),
    ),
    Effect(
        "remove all forests",
        "remove_all_forests",
        "remove all Forests from your Harbor board",
        causes=(declared.REMOVE_FOREST.name,),
    ),
    Effect("remove all elders from play", "remove_all_elders", "remove all Elders in your Elder Council from play"),
    Effect(
        "put all elders under this building",
        "put_elders_under_card",
        "place all Elders from your Elder Council under this Building",
        on_card=True,
    ),
    Effect("use the new elder", "use_new_elder", "use the new Elder right away", causes=(declared.USE_ELDER.name,)),
    Effect(
        "try to use the new elder",
        "try_new_elder",
        'use the new Elder right away, as on the "Take an Elder" action space: if it cannot be used (no fish on the '
        "Banquet Table, or its action impossible), you keep it unused",
        causes=(declared.USE_ELDER.name,),
    ),
    Effect(
        "use the new elder without fish",
        "use_new_elder_without_fish",
        "use the new Elder right away, without placing fish from the Banquet Table on it",
        causes=(declared.USE_ELDER.name,),
    ),
    Effect(
        "serve up to {amount} fish",
        "serve_limited",
        'take a "Serve Fish" action, serving at most {amount} fish '
        "(taking 1 gold for each newly filled plate, as usual)",
        causes=(declared.SERVE_FISH.name,),
    ),
    Effect(
        "exchange up to {amount} {give:good} for {get:good}",
        "exchange",
        "exchange {give} from your personal supply for {get} from the general supply at a 1:1 ratio, "
        "up to {amount} {give}",
    ),
    Effect(
        "put {amount} fish on each elder",
        "fish_on_each_elder",
        "place {amount} fish from the general supply on each Elder already in your Elder Council",
    ),
    Effect(
        "take an extra turn",
        "extra_turn",
        "carry out an additional turn: place a Worker on an available action, i.e. an action space on the Action "
        "board (or the Imitation tile, in games that use it) that is not fully occupied, or an unoccupied Elder in "
        "your Elder Council (or in another player's, if a card of yours allows it); not on a Building",
        takes_turn=True,
        changes_counts=("worker_turn",),  # the turn is the Round's fourth (or later), never one of the three
    ),
    Effect(
        "distribute {amount} fish",
        "distribute_fish",
        "distribute {amount} fish from the general supply in the Fishing Phase order; as at the end of the Fishing "
        "Phase, the fish on Shares then move: into the personal supply of whoever holds them, or back to the general "
        "supply from the Share board",
        may_cause=(declared.ELDER_DISCARD.name,),  # an Elder that reaches its discard in the distribution
        ruled_by=(
            "swap_distribution",
            "elder_discard_at",
            "elder_discard_to_supply",
            "discard_to_reserve",
            "discard_to_card",
        ),
    ),
    Effect(
        "remove a ship",
        "remove_ship",
        "remove one of your Ships from your Fishing track",
        may_cause=(declared.RETURN_GUEST.name,),  # its Guest, if it carries one, goes back to the general supply
        ruled_by=("fishing_gap",),  # the gap follows the rightmost Ship
        lowers=("haul_size", "ships", "ships_with_catboat", "ships_of_type"),
    ),
    Effect(
        "board guests on ships",
        "board_guests",
        "you may now place Guests from your personal supply on your Ships (1 per Ship, as at any time)",
    ),
    Effect("build this building", "build_this_card", "build this Building, paying its cost", example_only=True),
    Effect("run the fishing phase", "run_fishing_phase", "carry out a Fishing Phase", example_only=True),
    Effect(
        "put {building:name} in play",
        "put_in_play",
        "put the {building} into play as though built earlier",
        example_only=True,
    ),
    Effect(
        "put {building:name} in hand",
        "put_in_hand",
        "take the {building} into your hand, ready to build (from the display, a deck or a hand)",
        example_only=True,
    ),
    Effect("place a guest on a ship", "guest_on_ship", "place a Guest on one of your Ships", example_only=True),
    Effect(
        "unissue an own share",
        "unissue_share",
        'turn an issued Share of your color in your personal supply to "Unissued"',
    ),
    Effect(
        "remove all own shares from play",
        "remove_own_shares",
        "remove all Shares of your color from play, issued or not, whoever holds them",
    ),
    Effect(
        "put a guest on each of up to {amount} visible elders",
        "guests_on_visible_elders",
        "place 1 Guest from the general supply on each of up to {amount} visible Elders on the Ships and Elders "
        "supply board; when any player (including you) takes one of those Elders, move its Guest into your "
        "personal supply",
    ),
    Effect(
        "put {amount} wood on each free fishing space",
        "wood_on_fishing_spaces",
        "place {amount} wood from the general supply on each free space of your Fishing track",
        ruled_by=("fishing_gap",),  # the gap's spaces count as filled (the Ghost Ship: "to get more wood")
    ),
    Effect(
        "take the wood under the new ship",
        "take_wood_under_ship",
        "move the wood from the spaces the new Ship takes into your personal supply",
    ),
    Effect(
        "return the wood on fishing spaces",
        "return_fishing_space_wood",
        "return the wood left on your Fishing track to the general supply",
    ),
    Effect(
        "return an elder to the supply board",
        "return_elder",
        "move the fish on one of your Elders into your personal supply, "
        "then return that Elder to its space on the Ships and Elders supply board",
    ),
    Effect(
        "use another player's elder paying {amount} fish",
        "use_other_elder",
        "place a Worker on an unoccupied Elder in another player's Elder Council and use it as though it were "
        "yours: first pay its owner {amount} fish from your personal supply, which they place in their personal "
        "supply; then place a fish from the Banquet Table on the Elder as usual (if that is its third fish, the "
        "owner gets the fish it discards, not you)",
        causes=(declared.USE_ELDER.name,),
        worker_on_elder=True,
        changes_counts=("workers_on_elders",),  # the owner's: a Worker of another colour on their Elder
        zero_is_nothing=False,  # paying 0 fish: the Elder is used for free
    ),
    Effect(
        "count as a build a ship action",
        "as_ship_action",
        'this counts as taking a "Build a Ship" action: whatever happens before and after one happens now',
        causes=(declared.BUILD_SHIP.name,),
    ),
) + tuple(
    Effect(
        words,
        "perform_action",
        f'take a "{title(words)}" action',
        args=(action.name,),
        causes=caused_by(action),
        ruled_by=ACTION_RULES.get(action.name, ()),
    )
    for words, action in ACTIONS.items()
)

# Example-only steps: what a worked example does besides card effects (kept apart from the cards' effects).
EXAMPLE_STEPS = (
    Effect(
        "place a worker on this building",
        "worker_on_this_card",
        "place a Worker on this Building's worker space",
        example_only=True,
        on_card=True,
    ),
    Effect(
        "place a worker on {building:name}",
        "worker_on_card",
        "place a Worker on the worker space of your {building}",
        example_only=True,
    ),
    Effect(
        "place a worker on elder {elder:name}",
        "worker_on_elder",
        "place a Worker on the {elder} Elder in your Elder Council",
        example_only=True,
    ),
    Effect("run the work phase", "run_work_phase", "carry out a Work Phase", example_only=True),
    Effect("run the end of the round", "run_round_end", "carry out the end of the Round", example_only=True),
    Effect("run the returning home phase", "run_returning_home", "carry out a Returning Home Phase", example_only=True),
    Effect(
        "play a round",
        "play_a_round",
        "play the rest of the current Round from its Work Phase, then the next one",
        example_only=True,
    ),
    Effect(
        "play to the end of the game",
        "play_to_end",
        "play the remaining Rounds, then score the game",
        example_only=True,
    ),
    Effect("score the game", "score_game", "carry out the scoring at the end of the game", example_only=True),
) + tuple(
    Effect(
        f"place a worker on {words}",
        "worker_on_space",
        f'place a Worker on the "{title(words)}" action space',
        args=(space,),
        example_only=True,
    )
    for words, space in {
        **{words: action.name for words, action in ACTIONS.items()},
        "gold": declared.GOLD_ACTION.name,
        "imitation": "imitation",
    }.items()
)
EFFECTS += EXAMPLE_STEPS

# Cost payments --------------------------------------------------------------------------------

PAYMENTS = (
    Payment("{amount} {good}", "goods", "{amount} {good}"),
    Payment("none", "free", "N/A"),
    Payment(
        "return {amount} guests",
        "return_guests",
        "return {amount} Guests from your personal supply to the general supply",
        causes=(declared.RETURN_GUEST.name,),
    ),
    Payment(
        "discard {building:name}",
        "discard_building",
        'remove the "{building}" from play if it is on your Harbor board',
    ),
    Payment("without guests", "no_guests", "you may not reduce the Building cost of {cost} with Guests"),
)
