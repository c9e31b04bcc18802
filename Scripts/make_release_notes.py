#!/usr/bin/env python3
"""Turn CPython's release notes (NEWS) into the demo's dataset.

Reads ``/usr/share/doc/python3.11/NEWS.gz`` (Debian package ``python3.11``,
CPython 3.11.2 release notes, PSF-2.0) and writes
``Sources/DemoSupport/Resources/release-notes.json``: a JSON array with one
object per line, each with exactly these keys::

    {"id": int, "released_at": "YYYY-MM-DD", "version": str, "section": str,
     "issue": str | null, "title": str, "body": str}

Rules (the Swift loader and its tests rely on them):

* ``id`` is 1-based and follows file order, so it is stable for a given input.
* Every release in the input carries ``*Release date: YYYY-MM-DD*``. A release
  without one (an unreleased section) is skipped, and its entries with it;
  the script reports how many it skipped. Releases that only say "no changes"
  have no bullets and give no rows.
* ``version`` is PEP 440 style: ``3.11.2``, ``3.11.0rc2``, ``3.11.0b1``,
  ``3.11.0a7``.
* ``section`` is the heading above the entry (``Library``, ``Core and
  Builtins``, ...).
* ``issue`` is ``gh-NNN`` for ``gh-issue-NNN:`` entries, ``bpo-NNN`` for
  ``bpo-NNN:`` entries, and null when the entry names no issue.
* ``title`` and ``body`` are plain text: inline reStructuredText roles such
  as ``:func:`~os.path.join``` become ``join``, inline literals lose their
  backquotes, hard line wraps are joined; blank lines between paragraphs stay
  as ``\\n\\n`` and nested list items and indented blocks start a new line.
* ``title`` is the entry's first sentence. ``body`` is the rest of the entry
  after that sentence, and is empty when the entry is a single sentence (5,530
  of the 10,017 rows). Repeating the first sentence in every body would take
  the file over the 3 MB budget. When the first sentence is longer than
  ``MAX_TITLE`` characters, the title is cut at a word boundary and ends with
  an ellipsis, and the body holds the whole entry instead. So the full entry
  is ``title + " " + body`` (or ``title`` alone when the body is empty), or
  ``body`` when the title ends with an ellipsis. Bodies longer than
  ``MAX_BODY`` characters (a handful) are cut the same way.

The file is ordered as NEWS is: release by release as the NEWS file lists
them (dates never increase within one X.Y line, but older maintenance releases such
as 3.6.6 follow 3.7.0a1), entries in NEWS order within a release. Consumers
that want a feed sort by (released_at descending, id ascending).

Usage: python3 Scripts/make_release_notes.py [NEWS.gz] [OUTPUT.json]
Standard library only.
"""

import gzip
import json
import re
import sys
from pathlib import Path

DEFAULT_INPUT = Path("/usr/share/doc/python3.11/NEWS.gz")
DEFAULT_OUTPUT = (
    Path(__file__).resolve().parent.parent
    / "Sources/DemoSupport/Resources/release-notes.json"
)
MAX_TITLE = 160
MAX_BODY = 1000
MAX_FILE_BYTES = 3_000_000

RELEASE_RE = re.compile(
    r"^What's New in Python (\d+\.\d+\.\d+) "
    r"(final|release candidate (\d+)|beta (\d+)|alpha (\d+))\?$"
)
DATE_RE = re.compile(r"^\*Release date: (\d{4}-\d{2}-\d{2})\*$")
ISSUE_RE = re.compile(r"^(gh-issue|bpo)-(\d+):\s*")
ROLE_RE = re.compile(r":([a-z]+(?::[a-z]+)?):`([^`]*)`")
# Roles whose text is a bare number, and how Sphinx renders them.
NUMBERED_ROLES = {"pep": "PEP {}", "rfc": "RFC {}", "issue": "bpo-{}", "gh": "gh-{}"}
LITERAL_RE = re.compile(r"``([^`]*)``")
INTERPRETED_RE = re.compile(r"`([^`]*)`")
# A sentence ends at . ! or ? followed by white space and a capital, a digit or
# an opening bracket or quote; not after an initial ("A. Jesse") or "e.g".
SENTENCE_END_RE = re.compile(r"(?<!\b[A-Z])(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s+[A-Z0-9(\"'])")


def pep440_version(number, kind, rc, beta, alpha):
    """Return the PEP 440 spelling of a NEWS release heading."""
    if kind == "final":
        return number
    if rc:
        return f"{number}rc{rc}"
    if beta:
        return f"{number}b{beta}"
    return f"{number}a{alpha}"


def role_text(match):
    """Plain text of an RST role: `title <target>` -> title, `~a.b` -> b, PEP N."""
    role, text = match.group(1), match.group(2)
    if role in NUMBERED_ROLES and text.isdigit():
        return NUMBERED_ROLES[role].format(text)
    explicit = re.match(r"^(.*?)\s*<[^>]*>$", text)
    if explicit and explicit.group(1):
        return explicit.group(1)
    if text.startswith("~"):
        return text[1:].rsplit(".", 1)[-1]
    return text.lstrip("!")


def plain_text(rst):
    """Strip the inline reStructuredText markup NEWS uses; keep line breaks."""
    text = ROLE_RE.sub(role_text, rst)
    text = LITERAL_RE.sub(r"\1", text)
    text = INTERPRETED_RE.sub(r"\1", text)
    lines = (re.sub(r"(?<=\S)[ \t]+", " ", line).rstrip() for line in text.split("\n"))
    return "\n".join(lines).strip()


def cut(text, limit):
    """Cut text at a word boundary so that it has at most limit characters."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:-") + "\u2026"


def title_and_body(text):
    """Split a plain-text entry into (first sentence, rest), as documented above."""
    first_paragraph = text.split("\n", 1)[0]
    end = SENTENCE_END_RE.search(first_paragraph)
    sentence = first_paragraph[: end.start() + 1] if end else first_paragraph
    if len(sentence) > MAX_TITLE:
        return cut(sentence, MAX_TITLE), cut(text, MAX_BODY)
    return sentence, cut(text[len(sentence):].strip(), MAX_BODY)


def unwrap(lines):
    """Join an entry's hard-wrapped lines (already dedented by two spaces)."""
    out = []
    blank = False
    for line in lines:
        if not line.strip():
            blank = True
            continue
        starts_block = line.startswith((" ", "- ", "* ")) or re.match(r"^\d+\. ", line)
        if not out:
            out.append(line.rstrip())
        elif blank:
            out.append("\n\n" + line.rstrip())
        elif starts_block:
            out.append("\n" + line.rstrip())
        else:
            out.append(" " + line.strip())
        blank = False
    return "".join(out)


def parse(text):
    """Yield (released_at, version, section, issue, body) in file order."""
    lines = text.split("\n")
    release = None  # (released_at or None, version)
    section = None
    entry = None  # list of raw lines of the current bullet
    skipped = 0

    def flush():
        nonlocal entry, skipped
        if entry is None:
            return None
        raw, entry = entry, None
        if release is None or release[0] is None or section is None:
            skipped += 1
            return None
        first = raw[0][2:]
        issue_match = ISSUE_RE.match(first)
        issue = None
        if issue_match:
            prefix = "gh" if issue_match.group(1) == "gh-issue" else "bpo"
            issue = f"{prefix}-{issue_match.group(2)}"
            first = first[issue_match.end():]
        body_lines = [first] + [line[2:] if line.startswith("  ") else line for line in raw[1:]]
        body = unwrap(body_lines).strip()
        return (release[0], release[1], section, issue, body)

    for index, line in enumerate(lines):
        next_line = lines[index + 1] if index + 1 < len(lines) else ""
        heading = RELEASE_RE.match(line)
        is_section = (
            line.strip()
            and not line.startswith((" ", "-"))
            and re.fullmatch(r"-{3,}", next_line)
        )
        if heading or is_section or DATE_RE.match(line) or re.fullmatch(r"[=+]{3,}", line):
            row = flush()
            if row:
                yield row
        if heading:
            release = [None, pep440_version(*heading.groups())]
            section = None
        elif DATE_RE.match(line) and release is not None:
            release[0] = DATE_RE.match(line).group(1)
        elif is_section:
            section = line.strip()
        elif line.startswith("- "):
            row = flush()
            if row:
                yield row
            entry = [line]
        elif entry is not None and line.strip() and not line.startswith(" "):
            # Unindented text that is not a bullet ends the entry (e.g. the
            # closing "consult the HISTORY file" note); it is not a row.
            row = flush()
            if row:
                yield row
        elif entry is not None:
            entry.append(line)
    row = flush()
    if row:
        yield row
    if skipped:
        print(f"skipped {skipped} entries without a release date or section", file=sys.stderr)


def main(argv):
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_INPUT
    output = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUTPUT
    with gzip.open(source, "rt", encoding="utf-8") as handle:
        text = handle.read()
    rows = []
    for released_at, version, section, issue, entry in parse(text):
        title, body = title_and_body(plain_text(entry))
        rows.append(
            {
                "id": len(rows) + 1,
                "released_at": released_at,
                "version": version,
                "section": section,
                "issue": issue,
                "title": title,
                "body": body,
            }
        )
    encoded = "[\n" + ",\n".join(
        json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in rows
    ) + "\n]\n"
    data = encoded.encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        print(f"error: {len(data)} bytes is over the {MAX_FILE_BYTES}-byte limit", file=sys.stderr)
        return 1
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(data)
    dates = sorted(row["released_at"] for row in rows)
    releases = len({row["version"] for row in rows})
    print(
        f"wrote {len(rows)} rows from {releases} releases, {dates[0]} to {dates[-1]}, "
        f"{len(data)} bytes, to {output}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
