"""The examples' window loop: a frame at a time until the window closes."""

from __future__ import annotations

from collections.abc import Iterator

import pygame


def frames(screen: pygame.Surface, last: int, save: str | None) -> Iterator[int]:
    """Yields each frame's number for the caller to draw it, then shows it,
    at most 60 frames a second, until the window is closed, Esc is pressed
    or ``last`` frames were shown (0: no limit); then saves the last frame
    to the PNG ``save``, if given."""
    clock = pygame.time.Clock()
    frame = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        yield frame
        pygame.display.flip()
        clock.tick(60)
        frame += 1
        if last and frame >= last:
            running = False
    if save:
        pygame.image.save(screen, save)
