"""The examples, shipped in the package so an installed wheel runs them.

- ``python -m hitfield`` (``hitfield.examples.field``): the particle field
  and its ships in a pygame window;
- ``python -m hitfield.examples.rotated_sprites``: spinning sprites
  colliding exactly, timed against pygame's own way.

Each takes ``--help``, and ``--frames N --save out.png`` to run headless
(``SDL_VIDEODRIVER=dummy``). They need pygame-ce (``pip install pygame-ce``).
"""
