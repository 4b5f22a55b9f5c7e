"""Checks each built wheel of the Python package (.ci/wheels.sh check).

    python .ci/wheel-check.py WHEEL...

Every wheel: the package's Python files, stubs, py.typed and examples are
in it, and `abi3audit --strict` finds only the stable ABI (of the
requires-python floor). Then by platform:
- manylinux: `auditwheel show` says manylinux_2_17 for the wheel's arch;
- win_amd64: `objdump -p` lists only Windows system DLLs and python3.dll
  (no python3X.dll, no mingw runtime DLL);
- macosx: the Mach-O load commands (macholib) name only system libraries
  (/usr/lib, /System/Library), no libpython, and the wheel's CPU.
Exits non-zero naming each failure.
"""

import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# Files every wheel must hold (beside the extension).
PACKAGE_FILES = [
    "hitfield/__init__.py",
    "hitfield/__init__.pyi",
    "hitfield/__main__.py",
    "hitfield/_hitfield.pyi",
    "hitfield/_pygame.py",
    "hitfield/_pygame.pyi",
    "hitfield/mask.py",
    "hitfield/mask.pyi",
    "hitfield/py.typed",
    "hitfield/examples/__init__.py",
    "hitfield/examples/field.py",
    "hitfield/examples/rotated_sprites.py",
]

# DLLs every Windows has (lower case); api-ms-win-* are matched by prefix.
WINDOWS_SYSTEM_DLLS = {
    "kernel32.dll",
    "ntdll.dll",
    "msvcrt.dll",
    "ucrtbase.dll",
    "advapi32.dll",
    "bcrypt.dll",
    "bcryptprimitives.dll",
    "userenv.dll",
    "ws2_32.dll",
    "user32.dll",
    "shell32.dll",
    "ole32.dll",
    "oleaut32.dll",
    "secur32.dll",
    "synchronization.dll",
}

MACHO_CPUS = {"x86_64": 0x01000007, "arm64": 0x0100000C}


def run(*cmd: str) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def extension(names: list[str]) -> str:
    found = [n for n in names if re.fullmatch(r"hitfield/_hitfield\.(abi3\.so|pyd)", n)]
    if len(found) != 1:
        raise RuntimeError(f"expected one hitfield/_hitfield.abi3.so or .pyd, found {found}")
    return found[0]


def check_manylinux(wheel: Path, arch: str) -> list[str]:
    out = run("auditwheel", "show", str(wheel))
    flat = " ".join(out.split())
    want = f'consistent with the following platform tag: "manylinux_2_17_{arch}"'
    return [] if want in flat else [f"auditwheel show does not say manylinux_2_17_{arch}:\n{out}"]


def check_windows(lib: Path) -> list[str]:
    out = run("x86_64-w64-mingw32-objdump", "-p", str(lib))
    if "Magic\t\t020b\t(PE32+)" not in out and "(PE32+)" not in out:
        return [f"{lib.name} is not a PE32+ (x86_64) image"]
    dlls = [line.split(":", 1)[1].strip() for line in out.splitlines() if "DLL Name:" in line]
    print(f"   imports: {', '.join(dlls)}")
    bad = [
        d
        for d in dlls
        if d.lower() != "python3.dll"
        and d.lower() not in WINDOWS_SYSTEM_DLLS
        and not d.lower().startswith("api-ms-win-")
    ]
    errors = [f"{lib.name} imports {d}, not a Windows system DLL nor python3.dll" for d in bad]
    if "python3.dll" not in [d.lower() for d in dlls]:
        errors.append(f"{lib.name} does not import python3.dll (the stable ABI's DLL)")
    return errors


def check_macos(lib: Path, arch: str) -> list[str]:
    from macholib.MachO import MachO
    from macholib.mach_o import LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_LAZY_LOAD_DYLIB, LC_REEXPORT_DYLIB

    errors = []
    macho = MachO(str(lib))
    cpus = [h.header.cputype for h in macho.headers]
    if cpus != [MACHO_CPUS[arch]]:
        errors.append(f"{lib.name}: CPU types {[hex(c) for c in cpus]}, expected only {arch}")
    dylibs = []
    for header in macho.headers:
        for cmd, _, data in header.commands:
            if cmd.cmd in (LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_LAZY_LOAD_DYLIB, LC_REEXPORT_DYLIB):
                dylibs.append(data.rstrip(b"\0").decode())
    print(f"   load commands: {', '.join(dylibs)}")
    for d in dylibs:
        if "python" in d.lower():
            errors.append(f"{lib.name} links {d}: an extension must not link libpython")
        elif not d.startswith(("/usr/lib/", "/System/Library/")):
            errors.append(f"{lib.name} links {d}, not a system library")
    return errors


def check(wheel: Path) -> list[str]:
    tag = wheel.name[: -len(".whl")].split("-")[-1]
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        missing = [f for f in PACKAGE_FILES if f not in names]
        errors = [f"{wheel.name} lacks {f}" for f in missing]
        ext = extension(names)
        with tempfile.TemporaryDirectory() as tmp:
            lib = Path(z.extract(ext, tmp))
            audit = subprocess.run(["abi3audit", "--strict", str(wheel)], capture_output=True, text=True)
            if audit.returncode != 0:
                errors.append(f"abi3audit --strict failed:\n{audit.stdout}{audit.stderr}")
            if tag.startswith("manylinux"):
                arch = tag.split("manylinux_2_17_")[-1].split(".")[0]
                errors += check_manylinux(wheel, arch)
            elif tag == "win_amd64":
                errors += check_windows(lib)
            elif tag.startswith("macosx"):
                arch = "arm64" if tag.endswith("arm64") else "x86_64"
                errors += check_macos(lib, arch)
            else:
                errors.append(f"no check for platform tag {tag}")
    return errors


def main() -> int:
    failed = 0
    for name in sys.argv[1:]:
        wheel = Path(name)
        print(f"== check {wheel.name}")
        try:
            errors = check(wheel)
        except RuntimeError as e:
            errors = [str(e)]
        for e in errors:
            print(f"   FAIL: {e}", file=sys.stderr)
        if errors:
            failed += 1
        else:
            print("   ok")
    if not sys.argv[1:]:
        print("usage: python .ci/wheel-check.py WHEEL...", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
