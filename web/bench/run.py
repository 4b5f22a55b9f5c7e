#!/usr/bin/env python3
"""Times the field step in headless Chromium: builds of web/bench in turns.

Each build is a field_bench.wasm (web/bench's cdylib, built with
`cargo build --release --target wasm32-unknown-unknown` and
`-C target-feature=+simd128`, as the web demo is). Each run opens
field.html in a fresh tab of one headless Chromium, which builds the
default field with N particles on one thread, steps it 30 times, then
times 300 steps; the builds take turns (A B B A ...), and each run's
median step is printed, then the median over runs and the ratios.

    python3 web/bench/run.py NAME=PATH.wasm [NAME=PATH.wasm ...]
        [--particles 200000] [--runs 6]

Standard library only; Chromium is driven as web/capture.py drives it.
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from capture import find_browser, serve, start_chromium  # noqa: E402

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "field.html")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("builds", nargs="+", help="NAME=PATH to a field_bench.wasm")
    ap.add_argument("--particles", type=int, default=200000)
    ap.add_argument("--runs", type=int, default=6, help="runs of each build")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds a run")
    args = ap.parse_args()
    builds = []
    for b in args.builds:
        name, _, path = b.partition("=")
        if not path or not os.path.isfile(path):
            sys.exit(f"web/bench/run.py: {b!r}: expected NAME=PATH to an existing .wasm")
        builds.append((name, path))
    browser = find_browser("web/bench/run.py")

    site = tempfile.mkdtemp(prefix="hitfield-bench-")
    shutil.copy(PAGE, site)
    for name, path in builds:
        os.makedirs(os.path.join(site, name))
        shutil.copy(PAGE, os.path.join(site, name))
        shutil.copy(path, os.path.join(site, name, "field_bench.wasm"))
    port = serve(site)
    chromium, pipe, profile = start_chromium(browser)
    medians = {name: [] for name, _ in builds}
    hashes = {}
    try:
        for r in range(args.runs):
            # A B, then B A: each build runs as often first as last.
            for name, _ in builds if r % 2 == 0 else builds[::-1]:
                result = run(pipe, port, name, args)
                medians[name].append(statistics.median(result["times"]))
                hashes.setdefault(name, result["hash"])
                print(f"run {r + 1} {name}: median step {medians[name][-1]:.3f} ms "
                      f"(canvas hash {result['hash']:08x})", flush=True)
    finally:
        chromium.kill()
        chromium.wait()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(site, ignore_errors=True)
    first = builds[0][0]
    base = statistics.median(medians[first])
    print(f"\n{args.particles} particles, one thread, {args.runs} runs of 300 steps each:")
    for name, _ in builds:
        m = statistics.median(medians[name])
        print(f"  {name}: median {m:.3f} ms (runs {min(medians[name]):.3f}-{max(medians[name]):.3f}); "
              f"{first} / {name} = {base / m:.2f}x")


def run(pipe, port, name, args):
    """One run of build `name` in a fresh tab; the page's JSON result."""
    import json
    target = pipe.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    url = f"http://127.0.0.1:{port}/{name}/field.html?particles={args.particles}"
    pipe.call("Page.navigate", {"url": url}, session)
    probe = "(() => { const r = document.getElementById('result');" \
            " return r ? [r.dataset.state, r.textContent] : ['loading', '']; })()"
    deadline = time.time() + args.timeout
    try:
        while True:
            state, text = pipe.call("Runtime.evaluate", {"expression": probe, "returnByValue": True},
                                    session)["result"]["value"]
            if state == "done":
                return json.loads(text)
            if state == "error":
                sys.exit(f"web/bench/run.py: {name}: {text}")
            if time.time() > deadline:
                sys.exit(f"web/bench/run.py: {name}: no result after {args.timeout:.0f} s")
            time.sleep(0.5)
    finally:
        pipe.call("Target.closeTarget", {"targetId": target})


if __name__ == "__main__":
    main()
