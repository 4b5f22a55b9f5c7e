// Runs a wasm32-wasip1 program (a test binary) under Node's WASI:
// `node .ci/wasi-run.mjs PROGRAM.wasm [ARGS...]`, as cargo's target runner.
// The whole file system is visible to the program (tests read their
// fixtures by absolute path), and its exit status is this process's.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: process.env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
