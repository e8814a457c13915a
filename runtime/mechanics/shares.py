"""Shares: issuing, buying all of them from the Share board, and the fish they collect while fishing."""

from __future__ import annotations

from runtime.core.rules_in_force import rule, scoped_rule, usual_share_discount
from runtime.mechanics.goods import gain, pay
from runtime.model.state import IllegalAction, Player, Share, Table


def live(table: Table, colour: int) -> list[Share]:
    return [share for share in table.shares if share.colour == colour and not share.removed]


def issue_share(table: Table, player: Player) -> Share:
    """Flip an unissued Share of your colour onto the Share board and take the issue gold (assumed 2)."""
    unissued = unissued_shares(table, player)
    if not unissued:
        raise IllegalAction(f"{player.name} has no unissued Share")
    share = unissued[0]
    share.issued, share.holder = True, None
    if table.session.keep_log:
        table.say(f"{player.name} issues a share", player.index)
    gain(table, player, "gold", rule(table, player, "issue_share_gold"))
    return share


def unissued_shares(table: Table, player: Player) -> list[Share]:
    me, unissued = player.index, []  # live() written out in one plain loop, as in held_by_others
    for share in table.shares:
        if share.colour == me and not share.removed and not share.issued:
            unissued.append(share)
    return unissued


def share_cost(table: Table, player: Player, shares: int) -> int:
    """The price per Share times the Shares, less the Round's discount (never below 0)."""
    discount = scoped_rule(table, player, "share_discount", usual_share_discount(table))
    return max(0, shares * rule(table, player, "share_price") - discount)


def shares_on_board(table: Table) -> list[Share]:
    """Share.on_board written out: asked before every turn, for every Share (most held or unissued: the holder is
    asked first, which turns away the most), in a plain loop (cheaper than a comprehension)."""
    board = []
    for share in table.shares:
        if share.holder is None and share.issued and not share.removed:
            board.append(share)
    return board


def can_buy_all_shares(table: Table, player: Player) -> bool:
    board = shares_on_board(table)
    return bool(board) and player.supply["gold"] >= share_cost(table, player, len(board))


def buy_all_shares(table: Table, player: Player) -> list[Share]:
    """Every Share on the board, no picking, at the round's discounted price."""
    board = shares_on_board(table)
    if not board:
        raise IllegalAction("no Shares on the Share board")
    pay(table, player, "gold", share_cost(table, player, len(board)))
    for share in board:
        share.holder = player.index
    if table.session.keep_log:
        table.say(f"{player.name} buys {len(board)} shares", player.index)
    return board


def held_by_others(table: Table, player: Player) -> list[Share]:
    """Step 2 targets: this colour's issued Shares on the Share board first, then those other players hold."""
    # live() written out in one plain loop (cheaper than a comprehension): asked for every player when fishing
    me, mine = player.index, []
    for share in table.shares:
        if share.colour == me and not share.removed and share.issued and share.holder != me:
            mine.append(share)
    if len(mine) <= 1:  # nothing to order (the usual case): the turn order is not worked out
        return mine
    order = {p.index: n for n, p in enumerate(turn_order(table))}
    return sorted(mine, key=lambda share: -1 if share.holder is None else order[share.holder])


def held_by_self(table: Table, player: Player) -> list[Share]:
    me, mine = player.index, []  # live() written out in the one scan, as in held_by_others
    for share in table.shares:
        if share.colour == me and not share.removed and share.issued and share.holder == me:
            mine.append(share)
    return mine


def settle_share_fish(table: Table) -> None:
    """End of the Fishing Phase: fish on board Shares go back, fish on held Shares go to the holder."""
    for share in table.shares:
        if not share.fish:
            continue
        table.to_general("fish", share.fish)
        if share.holder is not None and not share.removed:
            gain(table, table.players[share.holder], "fish", share.fish)
        share.fish = 0


def turn_order(table: Table) -> list[Player]:
    """Every player once, from the start player on in seat order."""
    players = table.players
    start = table.start_player % len(players) if players else 0
    return players[start:] + players[:start]
