#!/usr/bin/env python3
"""Checks that every target declares exactly the modules its files import (SwiftPM on Linux lets a
target import any module built before it), and that domain code imports only Foundation and RoamCore.

Run from the package root: `python3 scripts/check-imports.py`. Exits 1 with a list of problems."""
import json
import pathlib
import re
import subprocess
import sys

# Modules of the toolchain itself, never declared.
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Darwin", "Dispatch",
             "Synchronization", "Testing", "XCTest", "_Concurrency", "Observation", "RegexBuilder",
             # Apple platforms only (RoamClient's Keychain store, behind `#if canImport(Security)`).
             "Security"}
# What `Services/<Name>/Library/Domain/` may import: the domain knows nothing of transport or storage.
DOMAIN_ALLOWED = {"Foundation", "Synchronization", "RoamCore"}
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*(?:public\s+|package\s+|internal\s+)?import\s+(?:(?:struct|class|enum|protocol|func|typealias|var|let)\s+)?(\w+)", re.M)


def imports(path):
    text = path.read_text(encoding="utf-8")
    # `#if canImport(Glibc) … import Glibc … #endif` blocks are toolchain imports; they match TOOLCHAIN.
    return set(IMPORT.findall(text))


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    described = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=root,
                                          check=True, capture_output=True, text=True).stdout)
    problems = []
    for target in described["targets"]:
        if target.get("type") == "system-target" or "sources" not in target:
            continue
        declared = set(target.get("target_dependencies", [])) | set(target.get("product_dependencies", []))
        used = set()
        for source in target["sources"]:
            path = root / target["path"] / source
            found = imports(path) - TOOLCHAIN - {target["name"]}
            used |= found
            if "/Domain/" in f"/{target['path']}/{source}":
                for module in sorted(found - DOMAIN_ALLOWED):
                    problems.append(f"{target['path']}/{source}: domain code imports {module}")
        for module in sorted(used - declared):
            problems.append(f"target {target['name']} imports {module} without declaring it in Package.swift")
        for module in sorted(declared - used):
            problems.append(f"target {target['name']} declares {module} but no file imports it")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"imports: {len(described['targets'])} targets declare what they import; domain code is clean")


if __name__ == "__main__":
    main()
