"""PokerKit (0.7.7) replays PHH files strictly: every hand, every action
applied as written with `parse_action`, then the stacks compared with the
hand's `finishing_stacks`.

    python pokerkit_replay.py FILE.phh|FILE.phhs ...

`.phhs` files are read with `HandHistory.load_all` (each hand under its
`[N]` table), `.phh` files with `HandHistory.load`. Iterating a
`HandHistory` is not used: it repairs what it cannot apply (it deals hole
cards, shows and mucks itself). The replay applies only what PHH leaves to
the dealer's mechanics: antes, blinds, bet collection, chips pushed and
pulled (PokerKit's automations), and a card burnt before each board card.
A hand from floorcall with chip denominations splits a pot in its smallest
chip (`_floorcall_denominations`), as the table did.

Prints one JSON line per hand: {"file", "hand", "ok", "error", "stacks",
"finishing_stacks"}.
"""

import dataclasses
import json
import sys
import tomllib

from pokerkit import HandHistory, parse_action


def chip_divmod(chip):
    """Split `amount` among `count` winners in chips of `chip`."""

    def split(amount, count):
        share = amount // chip // count * chip
        return share, amount - share * count

    return split


def replay(hh):
    """Apply every action; return (error or None, stacks)."""
    chips = hh.user_defined_fields.get('_floorcall_denominations') or []
    if chips:
        hh = dataclasses.replace(hh, divmod=chip_divmod(min(chips)))
    state = hh.create_state()
    for i, action in enumerate(hh.actions):
        try:
            if action.split()[:2] == ['d', 'db'] and state.can_burn_card():
                state.burn_card('??')
            parse_action(state, action, hh.parse_value)
        except Exception as e:  # PokerKit raises ValueError and others
            return f'action {i} {action!r}: {e}', list(state.stacks)
    if state.status:
        return 'the hand is not over after its last action', list(state.stacks)
    stacks = list(state.stacks)
    if hh.finishing_stacks is not None and stacks != list(hh.finishing_stacks):
        return (
            f'ends with {stacks}, finishing_stacks are {hh.finishing_stacks}',
            stacks,
        )
    return None, stacks


def main(paths):
    for path in paths:
        with open(path, 'rb') as f:
            data = f.read()
        if path.endswith('.phhs'):
            names = list(tomllib.loads(data.decode()).keys())
            with open(path, 'rb') as f:
                hands = list(HandHistory.load_all(f))
        else:
            names = ['']
            with open(path, 'rb') as f:
                hands = [HandHistory.load(f)]
        for name, hh in zip(names, hands, strict=True):
            error, stacks = replay(hh)
            print(json.dumps({
                'file': path,
                'hand': name,
                'ok': error is None,
                'error': error,
                'stacks': stacks,
                'finishing_stacks': hh.finishing_stacks,
            }), flush=True)


if __name__ == '__main__':
    main(sys.argv[1:])
