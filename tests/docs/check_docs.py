#!/usr/bin/python3
"""Holds the user guide (README.md, docs/) to the program it describes.

Fails, listing every finding, when
  - a run config key is not in docs/config.md (the keys come from `bridgebench-cli run --help`, which prints core's
    key table);
  - a subcommand of `bridgebench-cli --help` has no section in docs/cli.md (a heading naming
    `bridgebench-cli SUBCOMMAND`), or an option of its --help is missing from that section;
  - an import format (`import --help`) or export format (`export --help`) is not in its section of docs/formats.md;
  - a key of `run --json` is not in docs/cli.md: the keys of a short real run, and the optional keys the summary's
    writer (core/src/run/run_summary.cpp) and the run command add (out["key"]);
  - a relative link or image in README.md or docs/ points to a file, or a heading, that does not exist;
  - the exit codes `bridgebench-cli --help` prints (core's table) are not each, with their meaning, in docs/cli.md,
    in `run --help` and (by number) in README.md.

Usage: check_docs.py --cli PATH/bridgebench-cli --source SOURCE_DIR [--skip-run]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

problems = []


def problem(text):
    problems.append(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def help_text(cli, args):
    result = subprocess.run([cli, *args, "--help"], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        problem(f"`bridgebench-cli {' '.join(args)} --help` exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def section_lines(text, title):
    """The lines of a CLI11 help section ("Options:", "Subcommands:", "Positionals:") up to the next blank line."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip().lower() == title.lower() + ":":
            out = []
            for following in lines[i + 1:]:
                if not following.strip():
                    break
                out.append(following)
            return out
    return []


def options_of(text):
    found = []
    for line in section_lines(text, "Options"):
        match = re.match(r"^\s+(-[^\s]+)", line)
        if not match:
            continue  # a description continued on its own line
        for name in match.group(1).split(","):
            if name.startswith("--") and name != "--help":
                found.append(name.split("=")[0].split(":")[0])
    return found


def subcommands_of(text):
    return [m.group(1) for line in section_lines(text, "Subcommands") if (m := re.match(r"^\s+([a-z][a-z-]*)\b", line))]


def choices(line):
    match = re.search(r":\{([^}]*)\}", line)
    return [c.strip() for c in match.group(1).split(",")] if match else []


# Markdown: headings, their anchors, and the text outside code.
def strip_code(text):
    """The text without fenced code blocks and inline code spans (links there are examples, not links)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def headings(text):
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return [(len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#{1,6})\s+(.*)$", text, flags=re.M)]


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.replace("`", "").strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(text):
    seen = {}
    out = set()
    for _, heading in headings(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def section(text, pattern):
    """The text of the first heading matching `pattern` up to the next heading of the same or a higher level."""
    lines = text.splitlines()
    in_code = False
    start = level = None
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_code = not in_code
        if in_code:
            continue
        match = re.match(r"^(#{1,6})\s+(.*)$", line)
        if not match:
            continue
        if start is None:
            if re.search(pattern, match.group(2)):
                start, level = i, len(match.group(1))
        elif len(match.group(1)) <= level:
            return "\n".join(lines[start:i])
    return "\n".join(lines[start:]) if start is not None else None


def mentions(text, word):
    return f"`{word}`" in text or re.search(rf"`[^`\n]*(?<![\w-]){re.escape(word)}(?![\w-])[^`\n]*`", text) is not None


def check_config_keys(cli, docs):
    run_help = help_text(cli, ["run"])
    listing = run_help.split("Config keys", 1)
    keys = re.findall(r"^  ([a-z][a-z0-9_]*)\s+\[", listing[1], flags=re.M) if len(listing) == 2 else []
    if not keys:
        problem("`bridgebench-cli run --help` lists no config keys (a line `Config keys` and then `  key [default] help`)")
    config = read(os.path.join(docs, "config.md"))
    for key in keys:
        if f"`{key}`" not in config:
            problem(f"run config key `{key}` is not in docs/config.md")
    return keys


def check_cli(cli, docs):
    cli_md = read(os.path.join(docs, "cli.md"))
    root = help_text(cli, [])
    top = subcommands_of(root)
    if len(top) < 5:
        problem(f"`bridgebench-cli --help` lists {len(top)} subcommands; its format may have changed")
    for option in options_of(root):
        if not mentions(cli_md, option):
            problem(f"option {option} of `bridgebench-cli` is not in docs/cli.md")
    leaves = []
    for name in top:
        text = help_text(cli, [name])
        nested = subcommands_of(text)
        if nested:
            leaves += [([name, sub], help_text(cli, [name, sub])) for sub in nested]
        else:
            leaves.append(([name], text))
    for path, text in leaves:
        command = " ".join(path)
        body = section(cli_md, rf"`bridgebench-cli {re.escape(command)}`")
        if body is None:
            problem(f"docs/cli.md has no section headed `bridgebench-cli {command}`")
            continue
        for option in options_of(text):
            if not mentions(body, option):
                problem(f"option {option} of `bridgebench-cli {command}` is not in its section of docs/cli.md")
    return [" ".join(p) for p, _ in leaves]


def check_formats(cli, docs):
    formats_md = read(os.path.join(docs, "formats.md"))
    imports = [c for line in section_lines(help_text(cli, ["import"]), "Positionals") if line.strip().startswith("FORMAT")
               for c in choices(line)]
    exports = [c for line in section_lines(help_text(cli, ["export"]), "Options") if line.strip().startswith("--format")
               for c in choices(line)]
    if not imports:
        problem("`bridgebench-cli import --help` names no formats (FORMAT TEXT:{...})")
    if not exports:
        problem("`bridgebench-cli export --help` names no formats (--format TEXT:{...})")
    for kind, names in [("Import", imports), ("Export", exports)]:
        body = section(formats_md, rf"^{kind}$")
        if body is None:
            problem(f"docs/formats.md has no section headed {kind}")
            continue
        for name in names:
            if f"`{name}`" not in body:
                problem(f"{kind.lower()} format `{name}` is not in the {kind} section of docs/formats.md")
    return imports, exports


def check_run_json(cli, docs, source):
    keys = set()
    for path in ["core/src/run/run_summary.cpp", "app/cli/run_command.cpp"]:
        text = read(os.path.join(source, path))
        keys |= set(re.findall(r'\bout\["([a-z0-9_]+)"\]', text))
        keys |= set(re.findall(r'\bputKnown\(out, "([a-z0-9_]+)"', text))
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, BRIDGEBENCH_CACHE_DIR=os.path.join(scratch, "cache"))
        command = [cli, "run", "--set", "model=mini-clip", "--set", "dataset=synthetic-tensors", "--set", "steps=4",
                   "--set", "warmup_steps=1", "--set", "batch_size=2", "--set", "probe=true",
                   "--db", os.path.join(scratch, "docs.db"), "--json"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=240, env=env)
        if result.returncode != 0:
            problem(f"the short run for `run --json` exited {result.returncode}: {result.stderr.strip()[-400:]}")
        else:
            summary = json.loads(result.stdout)
            keys |= set(summary)
            for nested in ["probe", "distributed", "decode", "loss_scaling", "device_memory"]:
                if isinstance(summary.get(nested), dict):
                    keys |= set(summary[nested])
    cli_md = read(os.path.join(docs, "cli.md"))
    for key in sorted(keys):
        if not mentions(cli_md, key):
            problem(f"`run --json` key `{key}` is not in docs/cli.md")
    return keys


def check_links(source):
    files = [os.path.join(source, "README.md")]
    for folder, _, names in os.walk(os.path.join(source, "docs")):
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".md")]
    checked = 0
    for path in files:
        text = read(path)
        prose = strip_code(text)
        targets = re.findall(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", prose)
        targets += re.findall(r"^\s*\[[^\]]+\]:\s*(\S+)", prose, flags=re.M)
        targets += re.findall(r"<img[^>]*\ssrc=\"([^\"]+)\"", prose)
        where = os.path.relpath(path, source)
        for target in targets:
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # http:, https:, mailto:
            checked += 1
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(resolved):
                problem(f"{where}: link to {target}: {os.path.relpath(resolved, source)} does not exist")
                continue
            if anchor and resolved.endswith(".md") and anchor not in anchors(read(resolved)):
                problem(f"{where}: link to {target}: no heading with the anchor #{anchor}")
    return checked


def exit_codes_of(text):
    """The "Exit codes: 0 success, 1 ..." paragraph of a --help, as (code, meaning) pairs."""
    flat = " ".join(text.split())
    match = re.search(r"Exit codes: (.*?)\.(?:\s|$)", flat)
    if not match:
        return []
    return [tuple(item.split(" ", 1)) for item in re.split(r",\s+(?=\d+ )", match.group(1))]


def check_exit_codes(cli, source):
    codes = exit_codes_of(help_text(cli, []))
    if len(codes) < 4:
        problem(f"`bridgebench-cli --help` gives {len(codes)} exit codes; its format may have changed")
    if exit_codes_of(help_text(cli, ["run"])) != codes:
        problem("`bridgebench-cli run --help` gives other exit codes than `bridgebench-cli --help`")
    cli_md = " ".join(read(os.path.join(source, "docs", "cli.md")).split())
    readme = read(os.path.join(source, "README.md"))
    for code, meaning in codes:
        if f"{code} {meaning}" not in cli_md:
            problem(f"exit code {code} ({meaning}) is not in docs/cli.md as `--help` words it")
        if not re.search(rf"\b{code}\b", readme[readme.find("exit codes"):]):
            problem(f"exit code {code} is not among README.md's exit codes")
    return codes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--skip-run", action="store_true", help="leave out the short run (its keys)")
    args = parser.parse_args()
    docs = os.path.join(args.source, "docs")

    keys = check_config_keys(args.cli, docs)
    commands = check_cli(args.cli, docs)
    imports, exports = check_formats(args.cli, docs)
    json_keys = set() if args.skip_run else check_run_json(args.cli, docs, args.source)
    links = check_links(args.source)
    codes = check_exit_codes(args.cli, args.source)
    print(f"checked {len(keys)} config keys, {len(commands)} subcommands, {len(imports)} import and "
          f"{len(exports)} export formats, {len(json_keys)} run --json keys, {links} relative links, "
          f"{len(codes)} exit codes")
    for text in problems:
        print("docs: " + text, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
