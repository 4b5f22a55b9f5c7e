// Runs a wasm32-wasip1 program under Node's WASI, as the browser's engine
// (V8) would run the kernels: `node web/wasi-run.mjs PROGRAM.wasm [ARGS...]`.
// The bench example `field_steps` is what it is for (see its docs); the
// property tests run under Wasmtime instead (.ci/wasi-run.py). The whole
// file system is visible to the program, and its exit status is this
// process's. Imports other than WASI's (an example linked with miniquad
// declares its `env` functions) are stubbed with functions that throw if
// called, so a program that does not use them runs.
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
const imports = wasi.getImportObject();
for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
  if (kind !== 'function' || (imports[from] && name in imports[from])) continue;
  imports[from] ??= {};
  imports[from][name] = () => {
    throw new Error(`${program} called ${from}.${name}, which this runner does not provide`);
  };
}
const instance = await WebAssembly.instantiate(module, imports);
process.exitCode = wasi.start(instance);
