#!/usr/bin/env python3
"""Copies ClientEndToEndTests.steps (in Tests/EndToEndTests/ReadmeClientStepsTests.swift, between its
`// README: begin` and `// README: end` lines, less the lines that record what was `found`) into
README.md's "Try the API" Swift block, which the test holds equal to it. Run after changing either;
the test fails until they match."""
import pathlib, re

ROOT = pathlib.Path(__file__).resolve().parent.parent
source = (ROOT / "Tests/EndToEndTests/ReadmeClientStepsTests.swift").read_text()
marked = source.split("// README: begin\n")[-1].split("        // README: end")[0]
lines = [line[8:] if line.startswith("        ") else line for line in marked.split("\n")]
steps = "\n".join(line for line in lines if "found." not in line).rstrip()
readme = (ROOT / "README.md").read_text()
block = re.compile(r"(```swift\nimport RoamClient\n\nlet gateway = [^\n]*\nlet photo = [^\n]*\n)(.*?)(\n```)", re.DOTALL)
if not block.search(readme):
    raise SystemExit("README.md has no RoamClient steps block to replace")
(ROOT / "README.md").write_text(block.sub(lambda match: match.group(1) + steps + match.group(3), readme, count=1))
print("README.md's RoamClient steps match ClientEndToEndTests.steps")
