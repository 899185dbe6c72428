#!/usr/bin/env python3
"""Makes a release the way README.md's "Releasing" says: run it on a clean main, where CI passed.

    scripts/release.py 0.1.0 [--next 0.2.0] [--unpinned-base-images "reason"]

1. Refuses unless the tree is clean, VERSION is X.Y.Z, has no tag yet, and the image's base images
   (compose/Dockerfile's FROM lines) are pinned by digest (scripts/pin-base-images.sh, which needs a
   registry; --unpinned-base-images says why not, in the changelog). Compose's images Roam does not build
   are named in the release's notes when they go by tag.
2. Builds the services and records each schema's migrations, as their executables list them
   (`roam-<service> --migrations`), in deploy/releases/VERSION.json: MigrationRulesTests then refuses
   an edit of a shipped migration, and a contracting one may name this release.
3. Sets RoamVersion.current to VERSION and dates CHANGELOG.md's top section, adding the migrations
   this release runs; commits "Release VERSION" and tags it vVERSION (annotated).
4. Opens the next version: RoamVersion.current "NEXT-dev" and an empty CHANGELOG section, committed.
Then `git push --follow-tags`; the image of the tag is built from compose/Dockerfile, which refuses any
dependency version other than compose/resolved-versions.txt's.
"""
import argparse
import datetime
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VERSION_FILE = ROOT / "Shared/RoamRuntime/Server/RoamVersion.swift"
CHANGELOG = ROOT / "CHANGELOG.md"
RELEASES = ROOT / "deploy/releases"
SERVICES = ["accounts", "bucketlists", "budget", "events", "feed", "media", "moderation", "notifications", "trips"]
DIGEST = re.compile(r"@sha256:[0-9a-f]{64}\b")


def run(*command, **options):
    return subprocess.run(command, cwd=ROOT, check=True, text=True, capture_output=True, **options).stdout


def fail(message):
    sys.exit(f"release: {message}")


def unpinned_images():
    """Images named by tag alone: the Dockerfile's base images (which must be pinned), and compose's
    images Roam does not build (PostGIS, Jaeger, Prometheus, Grafana: the release notes name them)."""
    bases = [line.split()[1] for line in (ROOT / "compose/Dockerfile").read_text().splitlines()
             if line.startswith("FROM ") and not DIGEST.search(line)]
    others = []
    for line in (ROOT / "compose/docker-compose.yml").read_text().splitlines():
        match = re.match(r"\s+image:\s*(\S+)", line)
        if match and not match.group(1).startswith("roam:") and not DIGEST.search(line):
            others.append(match.group(1))
    return bases, others


def migrations():
    run("swift", "build", *[arg for service in SERVICES for arg in ("--product", f"roam-{service}")])
    bin_dir = pathlib.Path(run("swift", "build", "--show-bin-path").strip())
    return [json.loads(run(str(bin_dir / f"roam-{service}"), "--migrations")) for service in SERVICES]


def previous_record():
    records = sorted(RELEASES.glob("*.json"), key=lambda path: [int(part) for part in path.stem.split(".")])
    return json.loads(records[-1].read_text()) if records else None


def changelog_migrations(schemas, previous):
    shipped = {}
    for schema in (previous or {}).get("schemas", []):
        shipped[schema["schema"]] = {migration["version"] for migration in schema["migrations"]}
    lines = []
    for schema in schemas:
        new = [m for m in schema["migrations"] if m["version"] not in shipped.get(schema["schema"], set())]
        if not new:
            continue
        if previous is None:
            lines.append(f"- `{schema['schema']}` {new[0]['version']}–{new[-1]['version']} (creates the schema)")
            continue
        for migration in new:
            change = migration["change"] + (f", drops what {migration['lastReadIn']} read" if migration.get("lastReadIn") else "")
            lines.append(f"- `{schema['schema']}` {migration['version']} {migration['name']} ({change})")
    return "\n".join(lines) or "- none"


def set_version(version):
    text = VERSION_FILE.read_text()
    VERSION_FILE.write_text(re.sub(r'current = "[^"]*"', f'current = "{version}"', text))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("version")
    parser.add_argument("--next", help="the version after it (default: the next minor)")
    parser.add_argument("--unpinned-base-images", metavar="REASON", help="release with base images named by tag, saying why")
    arguments = parser.parse_args()
    version = arguments.version
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        fail(f"{version} is not X.Y.Z")
    major, minor, _ = (int(part) for part in version.split("."))
    following = arguments.next or f"{major}.{minor + 1}.0"
    if run("git", "status", "--porcelain").strip():
        fail("the tree has changes; release a commit")
    if run("git", "tag", "--list", f"v{version}").strip() or (RELEASES / f"{version}.json").exists():
        fail(f"{version} is released already")
    unpinned, others = unpinned_images()
    if unpinned and not arguments.unpinned_base_images:
        fail(f"pin {', '.join(unpinned)} by digest (scripts/pin-base-images.sh) or say why not (--unpinned-base-images)")

    schemas = migrations()
    previous = previous_record()
    RELEASES.mkdir(parents=True, exist_ok=True)
    date = datetime.date.today().isoformat()
    record = {"version": version, "date": date, "schemas": schemas}
    (RELEASES / f"{version}.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")

    changelog = CHANGELOG.read_text()
    top = re.search(r"^## (\S+) \(not released yet\)\n", changelog, re.MULTILINE)
    if not top:
        fail("CHANGELOG.md has no '## X (not released yet)' section on top")
    section = f"## {version} — {date}\n\nMigrations it runs:\n{changelog_migrations(schemas, previous)}\n"
    if unpinned:
        section += f"\nBase images by tag, not digest ({', '.join(unpinned)}): {arguments.unpinned_base_images}\n"
    if others:
        section += f"\nCompose's other images are named by tag: {', '.join(others)} (scripts/pin-base-images.sh pins them).\n"
    CHANGELOG.write_text(changelog[: top.start()] + section + changelog[top.end() :])
    set_version(version)
    run("git", "add", "-A", str(RELEASES), str(CHANGELOG), str(VERSION_FILE))
    run("git", "commit", "-q", "-m", f"Release {version}")
    run("git", "tag", "-a", f"v{version}", "-m", f"Roam {version}")

    changelog = CHANGELOG.read_text()
    first = changelog.index(f"## {version} — ")
    opened = f"## {following}-dev (not released yet)\n\nNothing yet.\n\n"
    CHANGELOG.write_text(changelog[:first] + opened + changelog[first:])
    set_version(f"{following}-dev")
    run("git", "commit", "-q", "-am", f"Open {following}-dev")
    print(f"released {version} (tag v{version}); main is {following}-dev. Push with: git push --follow-tags")


if __name__ == "__main__":
    main()
