#!/usr/bin/env python3
"""RoamClient, the package an app adds, must carry nothing of Roam's servers: walks the RoamClient
target's dependencies through every package's manifest (`swift package dump-package`, the root's and
each checkout's under .build/checkouts), on every platform, and fails if a gRPC, PostgreSQL or
Hummingbird product or package is reached, or if the roam-diary example or the sample app's models use anything but RoamClient. Prints the packages the client brings. Needs a resolved
package (`swift build` or `swift package resolve` first); about 20 s."""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORBIDDEN = re.compile(r"grpc|postgres|hummingbird", re.IGNORECASE)
manifests = {}


def manifest(directory):
    if directory not in manifests:
        output = subprocess.run(
            ["swift", "package", "--package-path", directory, "dump-package"],
            capture_output=True, text=True, check=True).stdout
        manifests[directory] = json.loads(output)
    return manifests[directory]


def checkout(package, trail):
    """The directory of a dependency, by the identity the manifest names it with (any case)."""
    checkouts = os.path.join(ROOT, ".build", "checkouts")
    for name in os.listdir(checkouts):
        if name.lower() == package.lower():
            return os.path.join(checkouts, name)
    sys.exit(f"check-client-dependencies: {package} (from {' -> '.join(trail)}) is not checked out; run `swift package resolve` first")


def walk(directory, target_name, seen, reached, trail):
    if (directory, target_name) in seen:
        return
    seen.add((directory, target_name))
    package = manifest(directory)
    target = next(t for t in package["targets"] if t["name"] == target_name)
    for dependency in target.get("dependencies", []):
        kind, value = next(iter(dependency.items()))
        if kind == "product":
            name, package_name = value[0], value[1]
            where = checkout(package_name, trail)
            reached.add(package_name.lower())
            path = trail + [f"{name} ({package_name})"]
            if FORBIDDEN.search(name) or FORBIDDEN.search(package_name):
                sys.exit("check-client-dependencies: RoamClient reaches a server package: " + " -> ".join(path))
            product = next(p for p in manifest(where)["products"] if p["name"] == name)
            for product_target in product["targets"]:
                walk(where, product_target, seen, reached, path)
        else:
            # `target` or `byName`: a target of the same package, or a product named like its package.
            name = value[0]
            if any(t["name"] == name for t in package["targets"]):
                walk(directory, name, seen, reached, trail + [name])
            else:
                where = checkout(name, trail)
                reached.add(name.lower())
                for product_target in next(p for p in manifest(where)["products"] if p["name"] == name)["targets"]:
                    walk(where, product_target, seen, reached, trail + [name])


def main():
    reached = set()
    walk(ROOT, "RoamClient", set(), reached, ["RoamClient"])
    forbidden = sorted(p for p in reached if FORBIDDEN.search(p))
    if forbidden:
        sys.exit("check-client-dependencies: RoamClient reaches " + ", ".join(forbidden))
    print("RoamClient depends on " + ", ".join(sorted(reached)) + ": no server package")
    # The example and the sample app show what an app needs: RoamClient and nothing else.
    for name in ["roam-diary", "RoamSampleModels"]:
        example = next(t for t in manifest(ROOT)["targets"] if t["name"] == name)
        used = [next(iter(dependency.values()))[0] for dependency in example.get("dependencies", [])]
        if used != ["RoamClient"]:
            sys.exit(f"check-client-dependencies: {name} uses " + ", ".join(used) + ", not RoamClient alone")
        print(f"{name} uses RoamClient alone")


if __name__ == "__main__":
    main()
