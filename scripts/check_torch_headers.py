#!/usr/bin/env python3
"""Syntax-checks the project's LibTorch sources against another LibTorch's headers.

Called by scripts/check-torch-headers.sh, which unpacks those headers. Each command of the
release build's compile database is rerun with -fsyntax-only, the other headers searched before
the system's, and the precompiled headers rebuilt from them (a .gch made from 1.13 would not
match). The _cuda.cpp sources, absent from a CPU build's database, are checked with core's
flags and CUDA's defines.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

CHECKED_TOP_DIRS = ("core", "tests", "bench", "app")  # ui/ and the GUI never include LibTorch
SYSTEM_TORCH_API = "/usr/include/torch/csrc/api/include"


def rewrite(command, include, configured):
    """The compile command, rewritten; and the precompiled header it used, if any."""
    args = shlex.split(command)
    out, pch, skip = [], None, False
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg in ("-o", "-include"):
            if arg == "-include":
                pch = args[i + 1]
            skip = True
            continue
        if arg in ("-c", "-Winvalid-pch"):
            continue
        out.append(f"{include}/torch/csrc/api/include" if arg == SYSTEM_TORCH_API else arg)
    out[1:1] = ["-isystem", include, "-isystem", configured, "-w"]
    if pch:
        name = pch.split("/CMakeFiles/")[1].split("/")[0]
        return out, (name, pch)
    return out, None


def sources_of(entry):
    """The source files a compile command stands for: a unity batch (cmake/UnityBuild.cmake)
    stands for each file it includes, checked here on its own as without unity builds."""
    if f"{os.sep}Unity{os.sep}" not in entry["file"]:
        return [entry["file"]]
    with open(entry["file"]) as f:
        return re.findall(r'^#include "([^"]+)"$', f.read(), re.M)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prefix", required=True, help="unpacked packages (prefix/usr/include)")
    parser.add_argument("--work", required=True, help="scratch folder for the precompiled headers")
    parser.add_argument("--build", required=True, help="build folder with compile_commands.json")
    parser.add_argument("--source", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cuda-include", default="/usr/local/cuda/include")
    parser.add_argument("only", nargs="*", help="check only the sources whose path contains one of these")
    opts = parser.parse_args()

    include = os.path.join(opts.prefix, "usr/include")
    # c10/cuda's headers include a file that CMake writes when it builds a CUDA LibTorch, so a
    # CPU LibTorch's packages lack it; this is its content in a shared-library build.
    configured = os.path.join(opts.work, "cuda-configured")
    os.makedirs(os.path.join(configured, "c10/cuda/impl"), exist_ok=True)
    with open(os.path.join(configured, "c10/cuda/impl/cuda_cmake_macros.h"), "w") as f:
        f.write("#pragma once\n#define C10_CUDA_BUILD_SHARED_LIBS\n")
    pch_dir = os.path.join(opts.work, "pch")

    with open(os.path.join(opts.build, "compile_commands.json")) as f:
        database = json.load(f)
    jobs, pchs, core_command = [], {}, None
    for entry in database:
        for source in sources_of(entry):
            rel = os.path.relpath(source, opts.source)
            if rel.split(os.sep)[0] not in CHECKED_TOP_DIRS or rel.endswith(".hxx.cxx"):
                continue
            command, pch = rewrite(entry["command"], include, configured)
            command[-1] = source
            if pch:
                name, original = pch
                pchs.setdefault(name, (original, command[:-1]))
                command[1:1] = ["-include", os.path.join(pch_dir, name, "cmake_pch.hxx")]
                if core_command is None and name == "core.dir":
                    core_command = command
            jobs.append((rel, command[:1] + ["-fsyntax-only"] + command[1:]))

    cuda_sources = sorted(glob.glob(os.path.join(opts.source, "core/src/**/*_cuda.cpp"), recursive=True))
    # Not a _cuda.cpp file, but it reads the CUDA allocator only under BB_TORCH_CUDA.
    cuda_sources.append(os.path.join(opts.source, "core/src/engine/device_memory.cpp"))
    if not os.path.isfile(os.path.join(opts.cuda_include, "cuda_runtime_api.h")):
        print(f"note: no CUDA headers in {opts.cuda_include}: the _cuda.cpp sources are not checked")
    elif core_command is None:
        print("note: no core source in the compile database: the _cuda.cpp sources are not checked")
    else:
        # CUDA's defines differ from the ones core's precompiled header was made with.
        base = list(core_command[:-1])
        at = base.index("-include")
        del base[at:at + 2]
        for source in cuda_sources:
            jobs.append((os.path.relpath(source, opts.source) + " (CUDA)",
                         base[:1] + ["-fsyntax-only", "-DBB_TORCH_CUDA=1", "-DUSE_C10D_NCCL",
                                     "-isystem", opts.cuda_include] + base[1:] + [source]))

    if opts.only:
        jobs = [job for job in jobs if any(part in job[0] for part in opts.only)]
        used = {os.path.basename(os.path.dirname(part)) for _, command in jobs
                for part in command if part.endswith("cmake_pch.hxx")}
        pchs = {name: value for name, value in pchs.items() if name in used}
    for name, (original, flags) in pchs.items():
        folder = os.path.join(pch_dir, name)
        os.makedirs(folder, exist_ok=True)
        shutil.copy(original, os.path.join(folder, "cmake_pch.hxx"))
        made = subprocess.run(flags + ["-x", "c++-header", "-o", os.path.join(folder, "cmake_pch.hxx.gch"),
                                       "-c", os.path.join(folder, "cmake_pch.hxx")],
                              cwd=opts.build, capture_output=True, text=True)
        if made.returncode != 0:
            print(f"FAIL precompiled header {name}\n{made.stderr[-4000:]}")
            return 1

    def check(job):
        done = subprocess.run(job[1], cwd=opts.build, capture_output=True, text=True)
        return job[0], done.returncode, done.stderr

    failed = 0
    with ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        for count, (rel, code, errors) in enumerate(pool.map(check, jobs), 1):
            if code != 0:
                failed += 1
                lines = [l for l in errors.splitlines() if "error" in l or "required from here" in l]
                print(f"FAIL {rel}\n" + "\n".join(lines[:40]), flush=True)
            if sys.stdout.isatty():
                print(f"\r{count}/{len(jobs)}", end="", flush=True)
    print(f"\n{len(jobs)} sources checked, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
