"""The particle field and its ships in a pygame window.

Arrow keys fly the player's ship (ship 0); the canvas pixels that hit each
ship in its last sample are painted yellow. The field is shown straight from
the world's canvas, without a copy: ``pygame.image.frombuffer(world.canvas(), ...)``.

    python -m hitfield                   # a window, until closed
    python -m hitfield --frames 60 --save field.png   # headless too (SDL_VIDEODRIVER=dummy)

(``python -m hitfield`` runs this module, ``hitfield.examples.field``.)
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import hitfield  # noqa: E402


def parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The example's command line (``python -m hitfield --help`` prints it)."""
    ap = argparse.ArgumentParser(
        prog=prog,
        description="The particle field and its ships in a pygame window; arrow keys fly ship 0.",
        epilog="The other example: python -m hitfield.examples.rotated_sprites --help",
    )
    ap.add_argument("--frames", type=int, default=0, help="stop after this many frames (0: run until closed)")
    ap.add_argument("--save", help="save the last frame to this PNG")
    ap.add_argument("--particles", type=int, default=100_000, help="particles in the field (default 100000)")
    ap.add_argument("--ships", type=int, default=6, help="ships; ship 0 is the player's (default 6)")
    ap.add_argument("--width", type=int, default=960, help="canvas width in pixels (default 960)")
    ap.add_argument("--height", type=int, default=540, help="canvas height in pixels (default 540)")
    ap.add_argument("--seed", type=int, default=1, help="the field's seed (default 1)")
    return ap


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> None:
    """Runs the example with ``argv`` (default: the command line's)."""
    args = parser(prog).parse_args(argv)

    world = hitfield.World(
        particles=args.particles, ships=args.ships, width=args.width, height=args.height, seed=args.seed
    )
    pygame.init()
    screen = pygame.display.set_mode(world.size)
    pygame.display.set_caption("hitfield: the field in pygame (arrow keys fly ship 0)")
    clock = pygame.time.Clock()
    # The field, shared with the world: every step shows up in it.
    field = pygame.image.frombuffer(world.canvas(), world.size, "RGBA")
    sprites = [pygame.image.frombuffer(rgba, size, "RGBA").copy() for _, size, rgba in world.sprite_images()]
    sizes = [s.get_size() for s in sprites]
    if args.ships:
        world.place_player(0, (world.size[0] / 2, world.size[1] / 2))

    frame = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        keys = pygame.key.get_pressed()
        dx = keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]
        dy = keys[pygame.K_DOWN] - keys[pygame.K_UP]
        if args.ships and (dx or dy):
            n = math.hypot(dx, dy)
            world.steer_player(0, (dx / n, dy / n), 1 / 60)
        world.step()

        screen.fill((0, 0, 0))
        # convert_alpha() first: SDL's blender for the canvas's R-first byte
        # order is about 15x slower than the swizzle plus the fast blend.
        screen.blit(field.convert_alpha(), (0, 0))
        for pose, sprite in zip(world.poses(), world.ship_sprites()):
            # hitfield: radians clockwise; pygame: degrees counter-clockwise.
            img = pygame.transform.rotozoom(sprites[sprite], -math.degrees(pose.rotation), pose.scale)
            screen.blit(img, img.get_rect(center=pose.centre(sizes[sprite])))
        for i in range(len(world)):
            for x, y in world.hit_pixels(i):
                screen.fill((255, 230, 0), (x, y, 1, 1))
        for c in world.contacts():
            pygame.draw.rect(screen, (255, 60, 60), c.overlap.rect, 1)
        pygame.display.flip()
        clock.tick(60)
        frame += 1
        if args.frames and frame >= args.frames:
            running = False
    if args.save:
        pygame.image.save(screen, args.save)
    print(f"{frame} frames, hits per ship: {world.hits_total()}")
    pygame.quit()


if __name__ == "__main__":
    main()
