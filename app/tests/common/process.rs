//! Child processes with a time limit, and programs on PATH.

use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The first `name` found on PATH.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// True when `name` is on PATH.
pub fn on_path(name: &str) -> bool {
    find_on_path(name).is_some()
}

/// Runs `cmd` with its output captured, killing it after `limit`.
pub fn run_with_timeout(mut cmd: Command, limit: Duration) -> Output {
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("could not start {:?}: {e}", cmd.get_program()));
    wait_with_timeout(child, Instant::now(), limit)
}

/// Waits for `child` to exit, killing it when `limit` has passed since `start`.
/// Its stdout and stderr are read on threads so a chatty child never blocks.
pub fn wait_with_timeout(mut child: Child, start: Instant, limit: Duration) -> Output {
    let stdout = child.stdout.take().map(read_on_thread);
    let stderr = child.stderr.take().map(read_on_thread);
    let collect = |h: Option<std::thread::JoinHandle<Vec<u8>>>| {
        h.map(|h| h.join().unwrap_or_default()).unwrap_or_default()
    };
    loop {
        if let Some(status) = child.try_wait().expect("poll the child") {
            return Output {
                status,
                stdout: collect(stdout),
                stderr: collect(stderr),
            };
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "still running after {limit:?}; stderr: {}",
                String::from_utf8_lossy(&collect(stderr))
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn read_on_thread(
    mut pipe: impl std::io::Read + Send + 'static,
) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        buf
    })
}

/// The one JSON object a successful run printed on stdout; a failed run
/// fails the test with its exit status and stderr.
pub fn json_report(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}
