#!/usr/bin/env python3
"""Captures the web demo in headless Chromium, in real time.

Serves web/dist on 127.0.0.1, opens index.html?frames=N in headless
Chromium (SwiftShader WebGL), waits until the page has drawn N frames, and
saves the last one as a PNG. Unlike `chromium --virtual-time-budget`, the
page runs on the real clock, so the profiler in the picture shows the
browser's real frame times.

    python3 web/capture.py OUT.png [--frames 600] [--size 1280x800]

Exits 1 with the page's message if the demo panicked or logged an error.
Standard library only; Chromium is driven over --remote-debugging-pipe.
"""

import argparse
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

DIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dist")


class Pipe:
    """The DevTools protocol over Chromium's fds 3 (in) and 4 (out)."""

    def __init__(self, to_browser, from_browser):
        self.to_browser = os.fdopen(to_browser, "wb")
        self.from_browser = os.fdopen(from_browser, "rb")
        self.next_id = 0
        self.buffer = b""

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.to_browser.write(json.dumps(message).encode() + b"\0")
        self.to_browser.flush()
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def find_browser(script):
    """The Chromium on PATH, or exit naming `script` and the install."""
    browser = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
    if browser is None:
        sys.exit(f"{script}: no chromium on PATH (apt-get install chromium)")
    return browser


def start_chromium(browser, flags=()):
    """Headless Chromium on about:blank, driven over a pipe: (process, Pipe,
    profile folder). The caller kills the process and removes the folder."""
    to_browser_r, to_browser_w = os.pipe()
    from_browser_r, from_browser_w = os.pipe()

    def give_fds():
        os.dup2(to_browser_r, 3)
        os.dup2(from_browser_w, 4)

    profile = tempfile.mkdtemp(prefix="hitfield-chromium-")
    chromium = subprocess.Popen(
        [browser, "--headless=new", "--no-sandbox", *flags, "--no-first-run", "--mute-audio",
         "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
        preexec_fn=give_fds, close_fds=False,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_browser_r)
    os.close(from_browser_w)
    return chromium, Pipe(to_browser_w, from_browser_r), profile


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="PNG to write")
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--size", default="1280x800", help="page size WxH")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    if not os.path.isfile(os.path.join(DIST, "hitfield.wasm")):
        sys.exit("web/capture.py: web/dist/hitfield.wasm is missing; run bash web/build.sh")
    browser = find_browser("web/capture.py")

    port = serve(DIST)
    chromium, pipe, profile = start_chromium(
        browser, ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
    try:
        target = pipe.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        pipe.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
        url = f"http://127.0.0.1:{port}/index.html?frames={args.frames}"
        pipe.call("Page.navigate", {"url": url}, session)
        record = "(() => { const r = document.getElementById('hitfield-run');" \
                 " return r ? [r.dataset.state, r.dataset.frames, r.textContent] : ['loading', '0', '']; })()"
        deadline = time.time() + args.timeout
        while True:
            state, frames, text = pipe.call(
                "Runtime.evaluate", {"expression": record, "returnByValue": True}, session)["result"]["value"]
            if state in ("panicked", "error"):
                sys.exit(f"web/capture.py: the page recorded a {state}: {text}")
            if state == "done":
                break
            if time.time() > deadline:
                sys.exit(f"web/capture.py: only {frames} of {args.frames} frames after {args.timeout:.0f} s")
            time.sleep(0.5)
        src = pipe.call("Runtime.evaluate", {
            "expression": "document.getElementById('hitfield-last-frame').src",
            "returnByValue": True}, session)["result"]["value"]
        png = base64.b64decode(src.split(",", 1)[1])
        with open(args.out, "wb") as f:
            f.write(png)
        print(f"{args.out}: the last of {frames} frames ({width}x{height} page)")
    finally:
        chromium.kill()
        chromium.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
