//! Freed memory goes back to the system, so a demo left running keeps a
//! flat resident set.
//!
//! glibc raises its mmap threshold each time a large block is freed, after
//! which such blocks come from the heap and stay resident when freed
//! (docs/performance.md, "Sustained speed"). A fixed threshold keeps them
//! in their own mappings, unmapped when freed.

/// Sets glibc's mmap threshold to its default value, which also turns off
/// its growth (a no-op with other C libraries and on other systems).
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        /// glibc's default threshold: blocks of 128 KiB and more are mapped.
        const THRESHOLD: libc::c_int = 128 * 1024;
        // SAFETY: mallopt only changes the allocator's tuning; it is called
        // first thing in main, before any other thread exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
        }
    }
}
