//! Driving the demo's desktop window in tests: the binary under Xvfb when
//! there is no display, `xdotool` to find, focus and type into the window,
//! and the skip (or failure, where CI sets `HITFIELD_REQUIRE_WINDOW`) when
//! neither a display nor the tools are there.

use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::process::{on_path, wait_with_timeout};

/// How long a started demo may take to show its window.
const WINDOW_WAIT: Duration = Duration::from_secs(60);

/// Held by each test of a crate while its demo window is open.
static ONE_WINDOW: Mutex<()> = Mutex::new(());

/// Runs the window tests of one test crate one at a time: they find their
/// window by title (the demo's window has no `_NET_WM_PID`), and keys
/// typed into the wrong one would fail both. Hold the guard while the
/// window is open.
pub fn one_window_at_a_time() -> MutexGuard<'static, ()> {
    ONE_WINDOW.lock().unwrap_or_else(|e| e.into_inner())
}

/// The binary, wrapped in `xvfb-run` when there is no display. `None`
/// (after saying the test is skipped) when neither exists; fails instead
/// where CI sets `HITFIELD_REQUIRE_WINDOW`.
pub fn window_command(test: &str) -> Option<Command> {
    let bin = env!("CARGO_BIN_EXE_hitfield");
    if std::env::var_os("DISPLAY").is_some() {
        return Some(Command::new(bin));
    }
    if on_path("xvfb-run") {
        let mut cmd = Command::new("xvfb-run");
        cmd.args(["-a", "-s", "-screen 0 1920x1200x24", bin]);
        return Some(cmd);
    }
    assert!(
        std::env::var_os("HITFIELD_REQUIRE_WINDOW").is_none(),
        "HITFIELD_REQUIRE_WINDOW is set but there is no DISPLAY and no xvfb-run"
    );
    eprintln!("SKIPPED {test}: no DISPLAY and no xvfb-run on PATH");
    None
}

/// Whether a test can drive a running demo's window (DISPLAY set, xdotool
/// and every program in `also` on PATH); when not, says the test is
/// skipped, and fails where CI sets `HITFIELD_REQUIRE_WINDOW`.
pub fn can_drive_window(test: &str, also: &[&str]) -> bool {
    let missing: Vec<&str> = std::iter::once("xdotool")
        .chain(also.iter().copied())
        .filter(|name| !on_path(name))
        .collect();
    if std::env::var_os("DISPLAY").is_some() && missing.is_empty() {
        return true;
    }
    let needs = format!(
        "DISPLAY and {}",
        ["xdotool"]
            .iter()
            .chain(also)
            .copied()
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(
        std::env::var_os("HITFIELD_REQUIRE_WINDOW").is_none(),
        "HITFIELD_REQUIRE_WINDOW is set but {test} needs {needs} (missing: {missing:?})"
    );
    eprintln!("SKIPPED {test}: needs {needs}");
    false
}

/// Runs `xdotool` with `args`: its output when it succeeded.
pub fn xdotool(args: &[&str]) -> Option<String> {
    let out = Command::new("xdotool").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The demo binary with `args`; [`start_demo`] starts it.
pub fn demo(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hitfield"));
    cmd.args(args);
    cmd
}

/// Starts `cmd` (stdout dropped, stderr kept for the test to read) and
/// waits for its window: the child, the window's id and when it started.
pub fn start_demo(mut cmd: Command) -> (Child, String, Instant) {
    let child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the demo");
    let started = Instant::now();
    let (child, window) = wait_for_window(child, started);
    (child, window, started)
}

/// The id of the demo's window (title `hitfield…`), polled for up to 60 s
/// after `started`. Panics with the demo's stderr if it exits first.
/// `child` is handed back so the caller can wait for it.
pub fn wait_for_window(mut child: Child, started: Instant) -> (Child, String) {
    loop {
        if let Some(first) = xdotool(&["search", "--onlyvisible", "--name", "^hitfield"])
            .and_then(|ids| ids.lines().next().map(str::to_owned))
        {
            return (child, first);
        }
        if child.try_wait().expect("poll the demo").is_some() {
            let out = wait_with_timeout(child, started, Duration::from_secs(5));
            panic!(
                "demo exited ({:?}) before its window could be found: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
        }
        assert!(
            started.elapsed() < WINDOW_WAIT,
            "no demo window after {WINDOW_WAIT:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Gives `window` the keyboard focus (activate, else focus), or panics.
pub fn focus(window: &str) {
    let focused = xdotool(&["windowactivate", "--sync", window]).is_some()
        || xdotool(&["windowfocus", "--sync", window]).is_some();
    assert!(focused, "could not focus window {window}");
}

/// Types `key` with `modifier` held the way a person does: the modifier
/// goes down, 150 ms later the key is typed, 150 ms later the modifier
/// comes up, so the demo sees it held across frames. (xdotool's `ctrl+c`
/// presses and releases all of it within microseconds, one frame, which
/// the demo under a loaded Xvfb now and then missed.)
pub fn chord(modifier: &str, key: &str) {
    let pause = std::time::Duration::from_millis(150);
    assert!(
        xdotool(&["keydown", modifier]).is_some(),
        "xdotool could not hold {modifier}"
    );
    std::thread::sleep(pause);
    let typed = xdotool(&["key", key]).is_some();
    std::thread::sleep(pause);
    let released = xdotool(&["keyup", modifier]).is_some();
    assert!(typed && released, "xdotool could not type {modifier}+{key}");
}

/// Types `keys` (xdotool key names such as `g` or `ctrl+c`) into the
/// focused window, 50 ms apart, or panics.
pub fn press(keys: &[&str]) {
    let mut args = vec!["key", "--delay", "50"];
    args.extend_from_slice(keys);
    assert!(xdotool(&args).is_some(), "xdotool could not press {keys:?}");
}
