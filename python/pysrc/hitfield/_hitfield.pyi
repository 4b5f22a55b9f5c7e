"""Types of ``hitfield._hitfield``, the Rust extension (python/src/).

``Mask`` is typed as pygame-ce 2.5's own ``pygame/mask.pyi`` types
``pygame.mask.Mask``; ``Rect``, ``Surface`` and ``ColorLike`` come from
pygame-ce's stubs when it is installed (hitfield itself does not need it).
"""

import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, TypedDict, TypeVar, final, overload

from pygame.rect import Rect
from pygame.surface import Surface
from pygame.typing import ColorLike, RectLike
from typing_extensions import Buffer, TypeAlias, disjoint_base

__all__ = [
    "Contact",
    "Mask",
    "Overlap",
    "Pose",
    "PosedMask",
    "World",
    "_from_pixels_alpha",
    "_from_pixels_key",
    "_from_threshold",
    "collide_all",
    "default_sprites",
    "from_rgba",
    "intersects",
    "overlap",
    "overlap_mask",
    "settings",
]

_T_co = TypeVar("_T_co", covariant=True)

class _SequenceLike(Protocol[_T_co]):
    # pygame.typing.SequenceLike: a sequence with only __getitem__ and __len__.
    def __getitem__(self, index: int, /) -> _T_co: ...
    def __len__(self) -> int: ...

# A position, size or offset: two numbers (floats are truncated), as
# pygame.typing.Point.
_Point: TypeAlias = _SequenceLike[float]

@disjoint_base
class Mask:
    """pygame-ce's ``pygame.mask.Mask``: same names, arguments and results
    (subclassable, as pygame's)."""

    def __init__(self, size: _Point, fill: bool = False) -> None: ...
    def __copy__(self) -> Mask: ...
    def __deepcopy__(self, memo: Any, /) -> Mask: ...
    def copy(self) -> Mask: ...
    def get_size(self) -> tuple[int, int]: ...
    # A pygame.Rect when pygame is imported, else an (x, y, w, h) tuple
    # (keywords need pygame's Rect).
    def get_rect(self, **kwargs: Any) -> Rect: ...
    def get_at(self, pos: _Point) -> int: ...
    def set_at(self, pos: _Point, value: int = 1) -> None: ...
    def overlap(self, other: Mask, offset: _Point) -> tuple[int, int] | None: ...
    def overlap_area(self, other: Mask, offset: _Point) -> int: ...
    def overlap_mask(self, other: Mask, offset: _Point) -> Mask: ...
    def fill(self) -> None: ...
    def clear(self) -> None: ...
    def invert(self) -> None: ...
    def draw(self, other: Mask, offset: _Point) -> None: ...
    def erase(self, other: Mask, offset: _Point) -> None: ...
    def count(self) -> int: ...
    def centroid(self) -> tuple[int, int]: ...
    def scale(self, scale: _Point) -> Mask: ...
    def angle(self) -> float: ...
    def outline(self, every: int = 1) -> list[tuple[int, int]]: ...
    def convolve(self, other: Mask, output: Mask | None = None, offset: _Point | None = None) -> Mask: ...
    def connected_component(self, pos: _Point | None = None) -> Mask: ...
    def connected_components(self, minimum: int = 0) -> list[Mask]: ...
    def get_bounding_rects(self) -> list[Rect]: ...
    def to_surface(
        self,
        surface: Surface | None = None,
        setsurface: Surface | None = None,
        unsetsurface: Surface | None = None,
        setcolor: ColorLike | None = (255, 255, 255, 255),
        unsetcolor: ColorLike | None = (0, 0, 0, 255),
        dest: RectLike | _Point = (0, 0),
        area: RectLike | None = None,
    ) -> Surface: ...
    # pygame-ce's layout, for to_surface and to_pygame.
    def _pygame_bytes(self) -> bytes: ...
    if sys.version_info >= (3, 12):
        def __buffer__(self, flags: int, /) -> memoryview: ...
        def __release_buffer__(self, view: memoryview, /) -> None: ...

@final
class Pose:
    """Where a mask is: top-left ``(x, y)`` before rotation, ``rotation`` in
    radians clockwise on screen about the mask's centre, uniform ``scale``."""

    x: float
    y: float
    rotation: float
    scale: float
    def __new__(cls, x: float, y: float, rotation: float = 0.0, scale: float = 1.0) -> Pose: ...
    @staticmethod
    def from_centre(
        centre: tuple[float, float], size: tuple[int, int], rotation: float = 0.0, scale: float = 1.0
    ) -> Pose: ...
    def centre(self, size: tuple[int, int]) -> tuple[float, float]: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Overlap:
    """What two posed masks share."""

    @property
    def count(self) -> int: ...
    @property
    def rect(self) -> tuple[int, int, int, int]: ...
    @property
    def point(self) -> tuple[float, float]: ...
    @property
    def centroid(self) -> tuple[float, float]: ...
    @property
    def normal(self) -> tuple[float, float]: ...

@final
class PosedMask:
    """A mask rasterised once in a pose, for many queries in that pose."""

    def __new__(cls, mask: Mask, pose: Pose) -> PosedMask: ...
    def rebuild(self, mask: Mask, pose: Pose) -> None: ...
    @property
    def pose(self) -> Pose: ...
    def coverage(self) -> tuple[Mask, tuple[int, int]]: ...
    def count(self) -> int: ...
    def covers(self, x: int, y: int) -> bool: ...
    def world_rect(self) -> tuple[int, int, int, int] | None: ...
    def intersects(self, other: PosedMask) -> bool: ...
    def overlap(self, other: PosedMask) -> Overlap | None: ...

@final
class Contact:
    """Two ships that touch (``a < b``) and what they share."""

    @property
    def a(self) -> int: ...
    @property
    def b(self) -> int: ...
    @property
    def overlap(self) -> Overlap: ...

# One setting's value, as a keyword of World(...).
_Setting: TypeAlias = bool | int | float | str

@final
class World:
    """The particle field and its ships, one fixed step at a time.

    The keywords are the settings' names (``hitfield.settings()`` lists
    them, docs/settings.md has the table); a table of them
    (``field={"fade": 8}``) or a dotted key (``**{"ships.count": 6}``)
    works too. ``count`` is the old name of ``ships``.
    """

    def __new__(
        cls,
        preset: str | None = None,
        *,
        sprites: Sequence[tuple[str, tuple[int, int], bytes]] | None = None,
        width: int = ...,
        height: int = ...,
        seed: int = ...,
        cell_size: int = ...,
        particles: int = ...,
        fade: int = ...,
        noise_frequency: float = ...,
        evolution_speed: float = ...,
        parallel: bool = ...,
        base_speed: float = ...,
        speed_scale: float = ...,
        wander: float = ...,
        ships: int | Mapping[str, _Setting] = ...,
        speed: float = ...,
        scale: float = ...,
        sample_interval_ms: float = ...,
        sample_ms: float = ...,
        field_alpha_min: int = ...,
        colour_min: int = ...,
        colour_channel: Literal["red", "green", "blue"] = ...,
        ship_alpha_min: int = ...,
        collision_stride: int = ...,
        collision_accuracy: float = ...,
        rotate: bool = ...,
        step_ms: float = ...,
        count: int = ...,
        field: Mapping[str, _Setting] = ...,
        **settings: _Setting | Mapping[str, _Setting],
    ) -> World: ...
    def step(self, steps: int | None = None) -> None: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def steps(self) -> int: ...
    def canvas(self) -> memoryview: ...
    def settings_toml(self) -> str: ...
    def __len__(self) -> int: ...
    def poses(self) -> list[Pose]: ...
    def ship_sprites(self) -> list[int]: ...
    def hit_counts(self) -> list[int]: ...
    def hits_total(self) -> list[int]: ...
    def hit_pixels(self, index: int) -> list[tuple[int, int]]: ...
    def contacts(self) -> list[Contact]: ...
    def place_player(self, index: int, at: tuple[float, float]) -> None: ...
    def steer_player(
        self, index: int, direction: tuple[float, float], dt: float, turn: float = 0.0, boost: bool = False
    ) -> None: ...
    def set_pose(self, index: int, pose: Pose) -> None: ...
    def sprite_masks(self) -> list[Mask]: ...
    def sprite_images(self) -> list[tuple[str, tuple[int, int], bytes]]: ...

class SettingRow(TypedDict):
    """One row of ``hitfield.settings()``: a setting ``World(...)`` takes."""

    name: str  # the keyword
    key: str  # the preset's dotted key, e.g. "ships.count"
    type: Literal["int", "float", "bool", "str"]
    min: int | float | None  # None for switches and the channel
    max: int | float | None
    range: str  # the range in words, as docs/settings.md gives it
    default: bool | int | float | str
    unit: str  # plural unit ("pixels"), or ""
    doc: str
    flag: str | None  # the command line's flag ("--ships"), or None
    link: str | None  # the link's short name, or None

def settings() -> list[SettingRow]: ...
def from_rgba(
    data: bytes, size: _Point, threshold: int = 127, colorkey: tuple[int, int, int, int] | None = None
) -> Mask: ...
# from_surface's and from_threshold's readers of a pygame surface's pixels.
def _from_pixels_key(raw: bytes, size: _Point, pitch: int, bpp: int, key: int) -> Mask: ...
def _from_pixels_alpha(
    raw: bytes, size: _Point, pitch: int, bpp: int, amask: int, ashift: int, aloss: int, threshold: int
) -> Mask: ...

# A surface's raw pixels, pitch, bytes a pixel, (R, G, B) masks and shifts.
_Surf: TypeAlias = tuple[bytes, int, int, tuple[int, int, int], tuple[int, int, int]]

def _from_threshold(
    surf: _Surf,
    size: _Point,
    losses: tuple[int, int, int],
    rgb: tuple[int, int, int],
    thr: tuple[int, int, int],
    other: tuple[_Surf, tuple[int, int]] | None,
    palette_colors: bool,
) -> Mask: ...
def overlap(mask_a: Mask, pose_a: Pose, mask_b: Mask, pose_b: Pose) -> Overlap | None: ...
def intersects(mask_a: Mask, pose_a: Pose, mask_b: Mask, pose_b: Pose) -> bool: ...
def overlap_mask(mask_a: Mask, pose_a: Pose, mask_b: Mask, pose_b: Pose) -> tuple[Mask, tuple[int, int]] | None: ...
# `collide_all`'s poses: Pose objects, or float32/float64 rows (x, y,
# rotation[, scale]) of shape (n, 3) or (n, 4) with the buffer protocol.
_Poses: TypeAlias = Iterable[Pose] | Buffer

@overload
def collide_all(masks: Sequence[Mask], poses: _Poses, detail: Literal[False] = False) -> list[tuple[int, int]]: ...
@overload
def collide_all(masks: Sequence[Mask], poses: _Poses, detail: Literal[True]) -> list[tuple[int, int, Overlap]]: ...
@overload
def collide_all(
    masks: Sequence[Mask], poses: _Poses, detail: bool = False
) -> list[tuple[int, int]] | list[tuple[int, int, Overlap]]: ...
def default_sprites() -> list[tuple[str, tuple[int, int], bytes]]: ...
