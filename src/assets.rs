//! Loading ship sprites: the embedded defaults and user PNGs, with decoder limits.
