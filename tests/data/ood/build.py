"""Build a BRAT set of fictional notes (NAME.txt + NAME.ann) from the marked-up sources in DIR/src/.

A source is the document text with each annotation written inline as ``⟦LABEL|text⟧``; annotations nest
(``⟦HOSPITAL|Hospital ⟦NOMBRE_PERSONAL_SANITARIO|Ana Ruiz⟧⟧``). The markup characters never occur in the
texts, so offsets come out exact by construction; the build checks ``text[start:end]`` anyway.

    python tests/data/ood/build.py          # rewrite every NAME.txt/NAME.ann from src/NAME.src
    python tests/data/ood/build.py --check  # exit 1 if a committed file differs from its source
    python tests/data/ood/build.py tests/data/layouts [--check]   # the same for another set (DIR/src/*.src)

DIR defaults to this file's folder (the out-of-domain set).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPEN, SEP, CLOSE = "⟦", "|", "⟧"


def parse(source: str, name: str = "?") -> tuple[str, list[tuple[str, int, int]]]:
    """(text, [(label, start, end)]) of a marked-up source, spans in the order their markup opens."""
    text: list[str] = []
    pos = 0
    stack: list[int] = []  # index into spans of each open annotation
    spans: list[list] = []
    i = 0
    while i < len(source):
        ch = source[i]
        if ch == OPEN:
            bar = source.index(SEP, i)
            label = source[i + 1 : bar]
            if not label.isidentifier():
                raise ValueError(f"{name}: bad label at source offset {i}")
            stack.append(len(spans))
            spans.append([label, pos, None])
            i = bar + 1
            continue
        if ch == CLOSE:
            spans[stack.pop()][2] = pos
            i += 1
            continue
        text.append(ch)
        pos += 1
        i += 1
    if stack:
        raise ValueError(f"{name}: unclosed annotation")
    return "".join(text), [(label, s, e) for label, s, e in spans]


def render(source: str, name: str = "?") -> tuple[str, str]:
    """The ``.txt`` and ``.ann`` contents of a source."""
    text, spans = parse(source, name)
    lines = []
    for n, (label, start, end) in enumerate(spans, start=1):
        value = text[start:end]
        if not value or value != value.strip() or "\n" in value:
            raise ValueError(f"{name}: span T{n} is empty, padded or crosses a line")
        lines.append(f"T{n}\t{label} {start} {end}\t{value}\n")
    return text, "".join(lines)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    dirs = [a for a in argv if not a.startswith("--")]
    if len(dirs) > 1:
        print("usage: build.py [DIR] [--check]", file=sys.stderr)
        return 2
    root = Path(dirs[0]) if dirs else HERE
    sources = sorted((root / "src").glob("*.src"))
    if not sources:
        print(f"{root / 'src'}: no .src files", file=sys.stderr)
        return 2
    stale = []
    for src in sources:
        txt, ann = render(src.read_text(encoding="utf-8"), src.name)
        for path, content in ((root / f"{src.stem}.txt", txt), (root / f"{src.stem}.ann", ann)):
            if check:
                if not path.is_file() or path.read_text(encoding="utf-8") != content:
                    stale.append(path.name)
            else:
                path.write_text(content, encoding="utf-8", newline="")
    for name in stale:
        print(f"{name}: differs from its source; run python tests/data/ood/build.py{'' if root == HERE else ' ' + str(root)}",
              file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
