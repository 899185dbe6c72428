#!/usr/bin/env python3
"""Fails when a source file declares a type not named after it: every struct, enum, class, actor or
protocol (private helpers aside) lives in `<TypeName>.swift`, so a type is found by its file name.
Extensions go in `<Type>+<Topic>.swift`. Generated code and tests are exempt."""
import pathlib, re, sys

ROOTS = ["Gateway", "Services", "Shared"]
EXEMPT = ("/Generated/", "Shared/RoamProto/")
DECLARATION = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*((?:public|internal|package|final|indirect|open|private|fileprivate)\s+)*"
                         r"(?:struct|enum|class|actor|protocol)\s+([A-Za-z_]\w*)", re.MULTILINE)

misplaced = []
for root in ROOTS:
    for path in sorted(pathlib.Path(root).rglob("*.swift")):
        if any(part in str(path) for part in EXEMPT):
            continue
        stem = path.stem.split("+")[0]
        for match in DECLARATION.finditer(path.read_text()):
            modifiers, name = match.group(1) or "", match.group(2)
            if "private" in modifiers or name == stem:
                continue
            misplaced.append(f"{path}: {name} belongs in {name}.swift")

if misplaced:
    print("types not in a file named after them:", *misplaced, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print("one type per file: every type is in a file named after it")
