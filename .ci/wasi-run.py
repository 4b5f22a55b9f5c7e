#!/usr/bin/env python3
"""Runs a wasm32-wasip1 program (a test or bench binary) under Wasmtime.

`python3 .ci/wasi-run.py PROGRAM.wasm [ARGS...]`, as cargo's target runner
(CARGO_TARGET_WASM32_WASIP1_RUNNER). Wasmtime comes from PyPI (`pip install
wasmtime`, a prebuilt engine). The whole file system is visible to the
program (tests read their fixtures by absolute path), the environment is
passed on, and the program's exit status is this process's.
"""
import os
import sys

import wasmtime


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: wasi-run.py PROGRAM.wasm [ARGS...]", file=sys.stderr)
        return 2
    program, args = sys.argv[1], sys.argv[2:]
    config = wasmtime.Config()
    config.wasm_simd = True
    engine = wasmtime.Engine(config)
    store = wasmtime.Store(engine)
    wasi = wasmtime.WasiConfig()
    wasi.argv = [program, *args]
    wasi.env = list(os.environ.items())
    wasi.preopen_dir("/", "/")
    wasi.inherit_stdin()
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    store.set_wasi(wasi)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    module = wasmtime.Module.from_file(engine, program)
    instance = linker.instantiate(store, module)
    start = instance.exports(store)["_start"]
    try:
        start(store)
    except wasmtime.ExitTrap as e:
        return e.code
    except wasmtime.Trap as e:
        # A Rust panic on WASI aborts, which traps: report it as an abort.
        print(f"wasi-run.py: {program} trapped: {e}", file=sys.stderr)
        return 134
    return 0


if __name__ == "__main__":
    sys.exit(main())
