//! The binary's thread pool: rayon's global pool, with the main thread as
//! one of its workers.
//!
//! By default the thread that starts a parallel stage waits while the
//! pool's threads work, and every stage wakes it and them again. With the
//! main thread in the pool it works on the stage itself and only the other
//! workers are woken: on the 2-vCPU reference machine the 100-ship world
//! step went from 1.86–1.98 to 1.71–1.82 ms (p50, `hitfield headless
//! --frames 300 --particles 100000 --ships 100 --seed 3
//! --sample-interval-ms 0`, three runs each), with the same canvas hash.

/// Makes the calling thread (call it from `main`, before anything uses
/// rayon) a worker of rayon's global pool. `RAYON_NUM_THREADS` still sets
/// the pool's size, this thread included. If the pool cannot be set up this
/// way, rayon's default pool is used and a note says why.
pub fn join_global_pool() {
    // wasm32 has no threads: rayon runs everything on the calling thread.
    if cfg!(target_arch = "wasm32") {
        return;
    }
    if let Err(err) = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global()
    {
        eprintln!("note: rayon's default thread pool is used ({err})");
    }
}
