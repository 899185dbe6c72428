#!/usr/bin/env python3
"""Bundles the gateway's contract: Gateway/Library/OpenAPI/Base.openapi.yaml (the document's head, the
gateway's own routes, what every domain shares) and each domain's Gateway/Library/<Domain>/<Domain>.openapi.yaml
(its paths and its schemas) into one OpenAPI document, written to the path given (Gateway/openapi.yaml).
The files are joined as text, so what is written is what was in them; a path or schema declared twice
is refused. `$ref`s stay internal to the bundle (#/components/...), so a domain's contract may name
another's schema (a trip's `Expense` is budget's) as well as Base's, and every one must resolve."""
import re, sys, yaml

DOMAINS = ["Accounts", "Events", "Feed", "Media", "Trips", "Walks", "Budget", "BucketLists", "Notifications", "Moderation"]
HEADER = """# The public API of the Roam gateway, bundled by scripts/generate-openapi.sh from
# Gateway/Library/OpenAPI/Base.openapi.yaml and each domain's Gateway/Library/<Domain>/<Domain>.openapi.yaml:
# edit those, never this file. The generator reads it, the gateway serves it at /openapi.json, and CI
# fails when it or the generated code does not match them.
"""

def sections(lines, indent):
    """The blocks of `lines` that start at `indent` spaces, by their key, in order."""
    blocks, key = {}, None
    pattern = re.compile(r"^" + " " * indent + r"[^ #]")
    for line in lines:
        if pattern.match(line):
            key = line.strip()[:-1]
            if key in blocks: sys.exit(f"{key} is declared twice")
            blocks[key] = []
        if key is not None: blocks[key].append(line)
    return blocks

def read(path):
    return [line for line in open(path).read().split("\n") if not line.startswith("#")]

def part(lines, top, sub=None):
    """The lines under top-level `top` (and its `sub`), without the key lines themselves."""
    top_blocks = sections(lines, 0)
    body = top_blocks.get(top, [top + ":"])[1:]
    if sub is None: return body
    return sections(body, 2).get(sub, [sub + ":"])[1:]

base = read("Gateway/Library/OpenAPI/Base.openapi.yaml")
paths, schemas = part(base, "paths"), part(base, "components", "schemas")
for domain in DOMAINS:
    lines = read(f"Gateway/Library/{domain}/{domain}.openapi.yaml")
    extra = set(sections(lines, 0)) - {"paths", "components"}
    if extra: sys.exit(f"{domain}.openapi.yaml may hold only paths and components.schemas, not {sorted(extra)}")
    paths += part(lines, "paths")
    schemas += part(lines, "components", "schemas")
sections(paths, 2)
sections(schemas, 4)

out = []
top = sections(base, 0)
for key, block in top.items():
    if key == "paths":
        out += ["paths:"] + paths
    elif key == "components":
        out.append("components:")
        for sub, lines in sections(block[1:], 2).items():
            out += [lines[0]] + (schemas if sub == "schemas" else lines[1:])
    else:
        out += block
text = HEADER + "\n".join(out).rstrip("\n") + "\n"
document = yaml.safe_load(text)
if not document.get("paths"): sys.exit("the bundle has no paths")
components = document.get("components", {})
unresolved = sorted({
    ref for ref in re.findall(r"\$ref: ['\"]#/components/(\w+/[\w.-]+)['\"]", text)
    if ref.split("/")[1] not in (components.get(ref.split("/")[0]) or {})})
if unresolved: sys.exit("no such component in the contract: " + ", ".join(unresolved))
open(sys.argv[1], "w").write(text)
