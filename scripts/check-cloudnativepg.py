#!/usr/bin/env python3
"""Validates the CloudNativePG resources the overlays render (the Cluster with its backups, the nightly
ScheduledBackup, the recovery) against the part of CloudNativePG's CRDs they use: every field's name, type
and place, unknown fields refused as the API server's strict validation refuses them. Written from the
CRDs of cloudnative-pg (postgresql.cnpg.io/v1; checked against the full CRDs at commit a95a534db, whose
schemas these manifests also pass); kubernetes-validate has no schema for them.

    scripts/check-cloudnativepg.py RENDERED.yaml ...
"""
import sys

import jsonschema
import yaml


def obj(properties, required=()):
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


STRING, INTEGER, BOOLEAN = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}
SECRET_KEY = obj({"name": STRING, "key": STRING}, ["name", "key"])
BARMAN = obj({
    "destinationPath": {"type": "string", "pattern": "^(s3|gs|https?)://"},
    "endpointURL": STRING,
    "serverName": STRING,
    "s3Credentials": obj({"accessKeyId": SECRET_KEY, "secretAccessKey": SECRET_KEY, "region": SECRET_KEY,
                          "sessionToken": SECRET_KEY, "inheritFromIAMRole": BOOLEAN}),
    "wal": obj({"compression": {"enum": ["bzip2", "gzip", "lz4", "snappy", "xz", "zstd"]}, "maxParallel": INTEGER,
                "encryption": {"enum": ["AES256", "aws:kms"]}}),
    "data": obj({"compression": {"enum": ["bzip2", "gzip", "lz4", "snappy", "xz", "zstd"]}, "jobs": INTEGER,
                 "immediateCheckpoint": BOOLEAN, "encryption": {"enum": ["AES256", "aws:kms"]}}),
}, ["destinationPath"])
METADATA = obj({"name": STRING, "namespace": STRING, "labels": {"type": "object"}, "annotations": {"type": "object"}}, ["name"])
CLUSTER = obj({
    "apiVersion": {"const": "postgresql.cnpg.io/v1"}, "kind": {"const": "Cluster"}, "metadata": METADATA,
    "spec": obj({
        "instances": {"type": "integer", "minimum": 1},
        "imageName": STRING,
        "enableSuperuserAccess": BOOLEAN,
        "superuserSecret": obj({"name": STRING}, ["name"]),
        "bootstrap": {**obj({
            "initdb": obj({"database": STRING, "owner": STRING, "postInitApplicationSQL": {"type": "array", "items": STRING}}),
            "recovery": obj({"source": STRING, "recoveryTarget": obj({"targetTime": STRING, "targetLSN": STRING, "targetName": STRING,
                                                                       "targetImmediate": BOOLEAN, "exclusive": BOOLEAN})}, ["source"]),
        }), "maxProperties": 1},
        "externalClusters": {"type": "array", "items": obj({"name": STRING, "barmanObjectStore": BARMAN}, ["name"])},
        "backup": obj({"retentionPolicy": {"type": "string", "pattern": "^[1-9][0-9]*[dwm]$"}, "barmanObjectStore": BARMAN}),
        "storage": obj({"size": STRING, "storageClass": STRING}),
        "resources": obj({"requests": {"type": "object"}, "limits": {"type": "object"}}),
    }, ["instances"]),
}, ["apiVersion", "kind", "metadata", "spec"])
SCHEDULED_BACKUP = obj({
    "apiVersion": {"const": "postgresql.cnpg.io/v1"}, "kind": {"const": "ScheduledBackup"}, "metadata": METADATA,
    "spec": obj({
        # Six fields, seconds first (robfig/cron), unlike a CronJob's five.
        "schedule": {"type": "string", "pattern": r"^\S+( \S+){5}$"},
        "immediate": BOOLEAN, "suspend": BOOLEAN,
        "backupOwnerReference": {"enum": ["none", "self", "cluster"]},
        "cluster": obj({"name": STRING}, ["name"]),
        "method": {"enum": ["barmanObjectStore", "volumeSnapshot", "plugin"]},
    }, ["schedule", "cluster"]),
}, ["apiVersion", "kind", "metadata", "spec"])
SCHEMAS = {"Cluster": CLUSTER, "ScheduledBackup": SCHEDULED_BACKUP}


def main():
    checked = 0
    for path in sys.argv[1:]:
        for document in yaml.safe_load_all(open(path)):
            if document and document.get("apiVersion", "").startswith("postgresql.cnpg.io/"):
                schema = SCHEMAS.get(document["kind"])
                if schema is None:
                    sys.exit(f"{path}: no schema here for {document['kind']}; add it to scripts/check-cloudnativepg.py")
                try:
                    jsonschema.validate(document, schema)
                except jsonschema.ValidationError as error:
                    sys.exit(f"{path}: {document['kind']} {document['metadata']['name']}: {error.message} at {'/'.join(map(str, error.path))}")
                checked += 1
    if checked == 0:
        sys.exit("no CloudNativePG resource found")
    print(f"cloudnativepg: {checked} resources match the CRDs' fields")


if __name__ == "__main__":
    main()
