"""``python -m hitfield``: the field example (``hitfield.examples.field``).

``python -m hitfield --help`` lists its flags. Needs pygame-ce.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Runs the field example with the command line's arguments."""
    try:
        from .examples import field
    except ModuleNotFoundError as e:
        if e.name != "pygame":
            raise
        sys.exit("python -m hitfield opens the field example in a pygame window; it needs pygame-ce: pip install pygame-ce")
    field.main(prog="python -m hitfield")


if __name__ == "__main__":
    main()
