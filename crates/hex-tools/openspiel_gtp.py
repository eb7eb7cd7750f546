#!/usr/bin/env python3
"""GTP adapter around OpenSpiel's MCTS bot for 11x11 Hex with the swap rule.

An opponent for `hex-arena` (engine spec `gtp:...`): `pyspiel.MCTSBot` with
random rollouts (`pyspiel.RandomRolloutEvaluator`), UCT selection, and a wall
clock budget per move (1 s by default). Install OpenSpiel first with
`crates/hex-tools/setup-openspiel.sh`, then run this file with the venv's
python:

    target/openspiel-venv/bin/python crates/hex-tools/openspiel_gtp.py --seed 7

Conventions (the Hex GTP dialect of HexGui/MoHex): black = red = first player,
joins top and bottom; white = blue, joins left and right. Cells are `a1`..`k11`
(letter = column, number = row), and `swap-pieces` is the pie-rule move.
OpenSpiel's own "hex" game with `swap=True` has exactly the CodinGame
semantics (red's stone at (row, col) becomes a blue stone at (col, row)), so
moves are passed through unchanged and the bot itself may decide to swap.

Commands: protocol_version, name, version, known_command, list_commands,
boardsize N [N], clear_board, play COLOR MOVE, genmove COLOR, showboard, quit.
"""

import argparse
import sys
import time

import pyspiel

SWAP_WORDS = ("swap-pieces", "swap")
COLORS = {
    "b": 0, "black": 0, "red": 0, "r": 0, "x": 0,
    "w": 1, "white": 1, "blue": 1, "o": 1,
}


class GtpError(Exception):
    """A command that fails: answered with `? message`."""


class Engine:
    def __init__(self, args):
        self.args = args
        self.size = 11
        self.games = 0
        self.new_game()

    def new_game(self):
        self.game = pyspiel.load_game(
            "hex", {"board_size": self.size, "swap": not self.args.no_swap})
        self.state = self.game.new_initial_state()
        # A fresh seed per game keeps a long match varied yet repeatable.
        seed = (self.args.seed * 1000003 + self.games) % (2**31 - 1)
        self.games += 1
        evaluator = pyspiel.RandomRolloutEvaluator(self.args.rollouts, seed)
        self.bot = pyspiel.MCTSBot(
            self.game, evaluator, self.args.uct_c, self.args.max_simulations,
            self.args.max_memory_mb, False, seed, False,
            pyspiel.ChildSelectionPolicy.UCT, self.args.seconds)

    def color(self, word):
        color = COLORS.get(word.lower())
        if color is None:
            raise GtpError("unknown color " + word)
        if self.state.is_terminal():
            raise GtpError("game is over")
        if color != self.state.current_player():
            raise GtpError("not that color's turn")
        return color

    def action(self, word):
        word = word.lower()
        legal = self.state.legal_actions()
        if word in SWAP_WORDS:
            for action in legal:
                if self.state.action_to_string(action) == "swap":
                    return action
            raise GtpError("swap is not legal now")
        column = ord(word[0]) - ord("a") if word else -1
        try:
            row = int(word[1:]) - 1
        except ValueError:
            raise GtpError("bad move " + word) from None
        if not (0 <= column < self.size and 0 <= row < self.size):
            raise GtpError("bad move " + word)
        action = row * self.size + column
        if action not in legal:
            raise GtpError("illegal move " + word)
        return action

    def move_text(self, action):
        text = self.state.action_to_string(action)
        return "swap-pieces" if text == "swap" else text

    def command(self, name, args):
        if name == "protocol_version":
            return "2"
        if name == "name":
            return "openspiel-mcts"
        if name == "version":
            return "open_spiel %s uct_c=%g rollouts=%d seconds=%g" % (
                getattr(pyspiel, "__version__", "2.0.2"), self.args.uct_c,
                self.args.rollouts, self.args.seconds)
        if name == "list_commands":
            return "\n".join(sorted(HANDLED))
        if name == "known_command":
            return "true" if args and args[0] in HANDLED else "false"
        if name == "boardsize":
            if not args or not all(a.isdigit() for a in args) or len(set(args)) != 1:
                raise GtpError("unacceptable size")
            self.size = int(args[0])
            self.new_game()
            return ""
        if name == "clear_board":
            self.new_game()
            return ""
        if name == "play":
            if len(args) != 2:
                raise GtpError("usage: play COLOR MOVE")
            self.color(args[0])
            self.state.apply_action(self.action(args[1]))
            return ""
        if name == "genmove":
            if len(args) != 1:
                raise GtpError("usage: genmove COLOR")
            self.color(args[0])
            started = time.time()
            action = self.bot.step(self.state)
            text = self.move_text(action)
            self.state.apply_action(action)
            if self.args.verbose:
                print("genmove %s in %.3f s" % (text, time.time() - started),
                      file=sys.stderr, flush=True)
            return text
        if name == "showboard":
            return "\n" + str(self.state)
        if name == "quit":
            return ""
        raise GtpError("unknown command")


HANDLED = ("protocol_version", "name", "version", "list_commands",
           "known_command", "boardsize", "clear_board", "play", "genmove",
           "showboard", "quit")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="wall clock budget of one genmove (default 1.0)")
    parser.add_argument("--max-simulations", type=int, default=10**9,
                        help="simulation cap per move (default: only the clock)")
    parser.add_argument("--uct-c", type=float, default=2.0,
                        help="UCT exploration constant (OpenSpiel's default 2)")
    parser.add_argument("--rollouts", type=int, default=1,
                        help="random rollouts per leaf evaluation (default 1)")
    parser.add_argument("--max-memory-mb", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-swap", action="store_true",
                        help="play without the pie rule")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    engine = Engine(args)
    for line in sys.stdin:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                continue
        try:
            reply = "=" + ident + " " + engine.command(words[0].lower(), words[1:])
        except GtpError as error:
            reply = "?" + ident + " " + str(error)
        sys.stdout.write(reply.rstrip(" ") + "\n\n")
        sys.stdout.flush()
        if words[0].lower() == "quit":
            break


if __name__ == "__main__":
    main()
