#!/usr/bin/env python3
"""Validates the custom resources the overlays render, which kubernetes-validate has no schema for,
against the part of their CRDs they use: every field's name, type and place, unknown fields refused as the
API server's strict validation refuses them.
- CloudNativePG's (the Cluster with its backups, the nightly ScheduledBackup, the recovery): written from
  the CRDs of cloudnative-pg (postgresql.cnpg.io/v1; checked against the full CRDs at commit a95a534db,
  whose schemas these manifests also pass);
- the Prometheus operator's PodMonitor and PrometheusRule (monitoring.coreos.com/v1); each rule group
  is also written out for `promtool check rules` when --rules-out names a file.

    scripts/check-custom-resources.py RENDERED.yaml ... [--rules-out FILE]
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
RELABELING = obj({"sourceLabels": {"type": "array", "items": STRING}, "targetLabel": STRING, "replacement": STRING,
                  "regex": STRING, "action": {"enum": ["replace", "keep", "drop", "labelmap", "labeldrop", "labelkeep"]}})
POD_MONITOR = obj({
    "apiVersion": {"const": "monitoring.coreos.com/v1"}, "kind": {"const": "PodMonitor"}, "metadata": METADATA,
    "spec": obj({
        "selector": obj({"matchLabels": {"type": "object", "additionalProperties": STRING}}, ["matchLabels"]),
        "namespaceSelector": obj({"matchNames": {"type": "array", "items": STRING}, "any": BOOLEAN}),
        "podMetricsEndpoints": {"type": "array", "minItems": 1, "items": obj({
            "port": STRING, "path": STRING, "interval": {"type": "string", "pattern": "^[0-9]+(ms|s|m|h)$"},
            "relabelings": {"type": "array", "items": RELABELING}})},
    }, ["selector", "podMetricsEndpoints"]),
}, ["apiVersion", "kind", "metadata", "spec"])
RULE = obj({"alert": STRING, "record": STRING, "expr": STRING, "for": {"type": "string", "pattern": "^[0-9]+(ms|s|m|h|d)$"},
            "labels": {"type": "object", "additionalProperties": STRING},
            "annotations": {"type": "object", "additionalProperties": STRING}}, ["expr"])
PROMETHEUS_RULE = obj({
    "apiVersion": {"const": "monitoring.coreos.com/v1"}, "kind": {"const": "PrometheusRule"}, "metadata": METADATA,
    "spec": obj({"groups": {"type": "array", "minItems": 1, "items": obj({"name": STRING, "interval": STRING,
                                                                          "rules": {"type": "array", "items": RULE}}, ["name", "rules"])}},
                ["groups"]),
}, ["apiVersion", "kind", "metadata", "spec"])
SCHEMAS = {"Cluster": CLUSTER, "ScheduledBackup": SCHEDULED_BACKUP, "PodMonitor": POD_MONITOR, "PrometheusRule": PROMETHEUS_RULE}
CUSTOM = ("postgresql.cnpg.io/", "monitoring.coreos.com/")


def main():
    arguments = sys.argv[1:]
    rules_out = None
    if "--rules-out" in arguments:
        rules_out = arguments[arguments.index("--rules-out") + 1]
        del arguments[arguments.index("--rules-out"):arguments.index("--rules-out") + 2]
    checked, groups = 0, []
    for path in arguments:
        for document in yaml.safe_load_all(open(path)):
            if document and document.get("apiVersion", "").startswith(CUSTOM):
                schema = SCHEMAS.get(document["kind"])
                if schema is None:
                    sys.exit(f"{path}: no schema here for {document['kind']}; add it to scripts/check-custom-resources.py")
                try:
                    jsonschema.validate(document, schema)
                except jsonschema.ValidationError as error:
                    sys.exit(f"{path}: {document['kind']} {document['metadata']['name']}: {error.message} at {'/'.join(map(str, error.path))}")
                checked += 1
                if document["kind"] == "PrometheusRule":
                    groups += document["spec"]["groups"]
    if checked == 0:
        sys.exit("no custom resource found")
    if rules_out:
        with open(rules_out, "w") as file:
            yaml.safe_dump({"groups": groups}, file)
    print(f"custom resources: {checked} match their CRDs' fields")


if __name__ == "__main__":
    main()
