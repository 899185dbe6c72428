#!/usr/bin/env python3
"""Copies the steps in Tests/EndToEndTests/ReadmeClientStepsTests.swift (between its `// README: begin`
and `// README: end` lines, each line that records what was `found` shown as a `print` of it) into the
"Try the API" Swift block of Gateway/Client/README.md, which the test holds equal to it. Run after
changing either; the test fails until they match."""
import pathlib, re

ROOT = pathlib.Path(__file__).resolve().parent.parent
source = (ROOT / "Tests/EndToEndTests/ReadmeClientStepsTests.swift").read_text()
marked = source.split("// README: begin\n")[-1].split("        // README: end")[0]
lines = [line[8:] if line.startswith("        ") else line for line in marked.split("\n")]
steps = "\n".join(re.sub(r"found\.\w+(?: = (.*)|\.append\((.*)\))$", lambda m: "print(" + (m.group(1) or m.group(2)) + ")", line) for line in lines).rstrip()
README = ROOT / "Gateway/Client/README.md"
readme = README.read_text()
block = re.compile(r"(```swift\n// Owned by [^\n]*\nimport RoamClient\n\nlet gateway = [^\n]*\nlet photo = [^\n]*\n)(.*?)(\n```)", re.DOTALL)
if not block.search(readme):
    raise SystemExit("Gateway/Client/README.md has no RoamClient steps block to replace")
README.write_text(block.sub(lambda match: match.group(1) + steps + match.group(3), readme, count=1))
print("Gateway/Client/README.md's RoamClient steps match ReadmeClientStepsTests")
