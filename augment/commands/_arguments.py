"""Argument types shared by the sub-commands."""
from __future__ import annotations

import argparse
from typing import Callable


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``minimum``, with a one-line error otherwise."""

    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if number < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {number}")
        return number

    return parse
