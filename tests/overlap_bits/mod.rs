//! An [`Overlap`] as plain bits, so that the collision property tests
//! (`collide_props.rs`, `collide_isa_props.rs`, `posed_props.rs`) compare
//! results exactly: a NaN could not hide behind `PartialEq`.

use hitfield::collide::Overlap;

/// Count, box, and the bit patterns of point, centroid and normal.
pub type OverlapBits = (u64, [i64; 4], [u64; 2], [u64; 2], [u64; 2]);

/// `o` as [`OverlapBits`].
pub fn overlap_bits(o: Option<Overlap>) -> Option<OverlapBits> {
    o.map(|o| {
        (
            o.count,
            o.rect.to_xywh(),
            o.point.map(f64::to_bits),
            o.centroid.map(f64::to_bits),
            o.normal.map(f64::to_bits),
        )
    })
}
