#!/usr/bin/python3
"""Runs the user guide's shell examples, as a new user would type them, and fails when one exits otherwise than
its text says.

Every fenced block marked `sh` in README.md and docs/*.md is an example. Each document's examples run in order, in
one scratch HOME with a fresh database (so the ids and names an example uses must exist at that point: given by an
earlier example of the same document), from a scratch folder laid out as the source tree (its folders are links
to the source's; `build/release` is the build being tested), with `bridgebench-cli` on PATH. Each command must exit
0 unless its comment says `# exits N`; a comment `# prints "TEXT"` also holds its output to TEXT.

A block is not run when the line before its fence says why, in an HTML comment (which a reader of the rendered
page does not see):
    <!-- not run: REASON -->          never, for the reason given (a GPU, Slurm, the tests themselves);
    <!-- run where installed: PROG --> only where PROG is on PATH (torchrun), else skipped saying so.

Usage: run_examples.py --cli PATH/bridgebench-cli --source SOURCE_DIR [--only FILE.md ...] [--list]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FENCE = re.compile(r"^(\s*)(```+)\s*(\S*)")
MARKER = re.compile(r"^\s*<!--\s*(not run|run where installed):\s*(.*?)\s*-->\s*$")
EXITS = re.compile(r"#.*\bexits (\d+)\b")
PRINTS = re.compile(r'#.*\bprints "([^"]+)"')
HEREDOC = re.compile(r"<<-?\s*'?\"?([A-Za-z_]+)'?\"?")
BLOCK_TIMEOUT_S = 1200


class Example:
    def __init__(self, document, line, commands, marker):
        self.document = document
        self.line = line  # of the fence's first command
        self.commands = commands  # [(line, text, expected exit, expected text or None)]
        self.marker = marker  # None, ("not run", reason) or ("run where installed", program)

    def where(self):
        return f"{self.document}:{self.line}"


def commands_of(lines, first_line):
    """Joins continued lines and here-documents into commands: [(line number, text, expected exit code, text its
    output must hold or None)]."""
    out = []
    i = 0
    while i < len(lines):
        start = i
        text = lines[i]
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text + "\n" + lines[i]
        heredoc = HEREDOC.search(text)
        if heredoc and not text.lstrip().startswith("#"):
            terminator = heredoc.group(1)
            while i + 1 < len(lines):
                i += 1
                text += "\n" + lines[i]
                if lines[i].strip() == terminator:
                    break
        i += 1
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue  # a comment line or a script's #! and #SBATCH lines
        expected = EXITS.search(text.splitlines()[-1])
        prints = PRINTS.search(text.splitlines()[-1])
        out.append((first_line + start, text, int(expected.group(1)) if expected else 0,
                    prints.group(1) if prints else None))
    return out


def examples_of(path, name):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    found = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        ticks, language = fence.group(2), fence.group(3)
        body_start = i + 1
        j = body_start
        while j < len(lines) and not lines[j].strip().startswith(ticks):
            j += 1
        if language == "sh":
            marker = MARKER.match(lines[i - 1]) if i > 0 else None
            body = [line[len(fence.group(1)):] for line in lines[body_start:j]]
            found.append(Example(name, body_start + 1, commands_of(body, body_start + 1),
                                 (marker.group(1), marker.group(2)) if marker else None))
        i = j + 1
    return found


def scratch_tree(root, source, cli):
    """A folder laid out as the source tree (links to its folders and files), with build/release the tested
    build, and a HOME of its own."""
    work = os.path.join(root, "work")
    home = os.path.join(root, "home")
    os.makedirs(work)
    os.makedirs(home)
    for entry in os.listdir(source):
        if entry in ("build", ".git"):
            continue
        os.symlink(os.path.join(os.path.abspath(source), entry), os.path.join(work, entry))
    build = os.path.dirname(os.path.dirname(os.path.abspath(cli)))  # PATH/build/release from .../app/bridgebench-cli
    os.makedirs(os.path.join(work, "build"))
    os.symlink(build, os.path.join(work, "build", "release"))
    return work, home


def script_of(example):
    """One bash script for the block: each command, then a check of its exit code that names its line."""
    parts = ["set -o pipefail"]
    for line, text, expected, prints in example.commands:
        shown = text.splitlines()[0].replace("'", "'\\''")
        if prints is None:
            parts.append(text)
            parts.append("__rc=$?")
        else:
            wanted = prints.replace("'", "'\\''")
            parts.append(f"__out=$({{ {text}\n}} 2>&1)")
            parts.append("__rc=$?; printf '%s\\n' \"$__out\"")
            parts.append(f"if ! grep -qF -- '{wanted}' <<<\"$__out\"; then "
                         f"echo '{example.document}:{line}: `{shown}` did not print \"{wanted}\"' >&2; exit 90; fi")
        parts.append(f"if [ $__rc -ne {expected} ]; then "
                     f"echo '{example.document}:{line}: `{shown}` exited '$__rc', expected {expected}' >&2; exit 90; fi")
    return "\n".join(parts) + "\n"


def run_document(examples, source, cli, results):
    with tempfile.TemporaryDirectory(prefix="bb-docs-") as root:
        work, home = scratch_tree(root, source, cli)
        env = {k: v for k, v in os.environ.items() if k not in ("BRIDGEBENCH_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME")}
        env["HOME"] = home
        env["PATH"] = os.path.dirname(os.path.abspath(cli)) + os.pathsep + env.get("PATH", "")
        for example in examples:
            if example.marker and example.marker[0] == "not run":
                results.append((example, "skipped", example.marker[1]))
                continue
            if example.marker and not shutil.which(example.marker[1]):
                results.append((example, "skipped", f"{example.marker[1]} is not installed"))
                continue
            if not example.commands:
                continue
            started = time.monotonic()
            try:
                done = subprocess.run(["bash", "-c", script_of(example)], cwd=work, env=env, capture_output=True,
                                      text=True, timeout=BLOCK_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                results.append((example, "failed", f"did not end within {BLOCK_TIMEOUT_S} s"))
                continue
            seconds = time.monotonic() - started
            if done.returncode == 0:
                results.append((example, "ran", f"{len(example.commands)} commands, {seconds:.1f} s"))
            else:
                tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
                results.append((example, "failed", tail))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--only", nargs="*", help="documents to run (paths relative to the source)")
    parser.add_argument("--list", action="store_true", help="list the examples and their markers; run nothing")
    args = parser.parse_args()

    documents = ["README.md"] + sorted(os.path.join("docs", f) for f in os.listdir(os.path.join(args.source, "docs"))
                                       if f.endswith(".md"))
    if args.only:
        documents = [d for d in documents if d in args.only]
    results = []
    for document in documents:
        examples = examples_of(os.path.join(args.source, document), document)
        if args.list:
            for example in examples:
                print(example.where(), example.marker or "", *(c[1].splitlines()[0] for c in example.commands), sep="\n  ")
            continue
        run_document(examples, args.source, args.cli, results)
    if args.list:
        return 0
    failed = 0
    for example, outcome, detail in results:
        if outcome == "failed":
            failed += 1
            print(f"FAILED {example.where()}:\n" + "\n".join("    " + l for l in detail.splitlines()))
        else:
            print(f"{outcome} {example.where()}: {detail}")
    ran = sum(1 for r in results if r[1] == "ran")
    skipped = sum(1 for r in results if r[1] == "skipped")
    print(f"{ran} examples ran, {skipped} skipped, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
