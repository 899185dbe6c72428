#!/usr/bin/env python3
"""Writes the gateway's per-operation rules (GatewayOpenAPI.operations) and the schemas its request bodies
use (GatewayOpenAPI.requestSchemas) as Swift, from the bundled Gateway/openapi.yaml, so the gateway knows
what each operation requires without parsing its document at run time. Run by scripts/generate-openapi.sh.
    generate-operation-table.py OUTPUT.swift Gateway/openapi.yaml"""
import json, sys, yaml

output, source = sys.argv[1], sys.argv[2]
document = yaml.safe_load(open(source))
schemas = document.get("components", {}).get("schemas", {})
# What BodySchemaCheck and the contract tests read from a schema; descriptions and examples stay out.
KEPT = ("$ref", "type", "format", "enum", "required", "properties", "items", "minimum", "maximum")


def swift_string(text):
    return json.dumps(text, ensure_ascii=False)


def value(node, indent):
    """An OpenAPIValue literal, each case written out so the compiler need not infer the nesting."""
    pad, inner = " " * indent, " " * (indent + 4)
    if isinstance(node, bool):
        return f".bool({'true' if node else 'false'})"
    if isinstance(node, int):
        return f".int({node})"
    if isinstance(node, float):
        return f".number({node!r})"
    if isinstance(node, str):
        return f".string({swift_string(node)})"
    if isinstance(node, list):
        if not node:
            return ".array([])"
        if all(isinstance(item, str) for item in node):
            return ".array([" + ", ".join(value(item, 0) for item in node) + "])"
        return ".array([\n" + "".join(f"{inner}{value(item, indent + 4)},\n" for item in node) + f"{pad}])"
    if isinstance(node, dict):
        if not node:
            return ".object([:])"
        if all(isinstance(inner, (str, bool, int, float)) for inner in node.values()):
            return ".object([" + ", ".join(f"{swift_string(key)}: {value(node[key], 0)}" for key in node) + "])"
        members = "".join(f"{inner}{swift_string(key)}: {value(node[key], indent + 4)},\n" for key in node)
        return ".object([\n" + members + f"{pad}])"
    raise SystemExit(f"cannot write {node!r}")


def pruned(schema):
    if not isinstance(schema, dict):
        return schema
    kept = {key: schema[key] for key in KEPT if key in schema}
    if "properties" in kept:
        kept["properties"] = {name: pruned(inner) for name, inner in kept["properties"].items()}
    if "items" in kept:
        kept["items"] = pruned(kept["items"])
    return kept


def references(node, found):
    """Adds the names of the component schemas `node` refers to, and those they refer to, to `found`."""
    if isinstance(node, dict):
        reference = node.get("$ref", "")
        if reference.startswith("#/components/schemas/"):
            name = reference.split("/")[-1]
            if name not in found:
                found.add(name)
                references(schemas[name], found)
        for inner in node.values():
            references(inner, found)
    elif isinstance(node, list):
        for inner in node:
            references(inner, found)


def parameter(node):
    reference = node.get("$ref", "")
    if reference.startswith("#/components/parameters/"):
        return document["components"]["parameters"][reference.split("/")[-1]]
    return node


operations, used = [], set()
for path, item in document["paths"].items():
    for method, operation in item.items():
        if not isinstance(operation, dict) or "operationId" not in operation:
            continue
        security = operation.get("security")
        requires_user = bool(security) and all("bearerAuth" in requirement for requirement in security)
        parameters = [parameter(p) for p in operation.get("parameters", [])]
        query = []
        for p in parameters:
            if p.get("in") != "query":
                continue
            schema = p.get("schema", {})
            fields = [f"name: {swift_string(p['name'])}", f"required: {'true' if p.get('required') else 'false'}"]
            if "type" in schema:
                fields.append(f"type: {swift_string(schema['type'])}")
            for bound in ("minimum", "maximum"):
                if bound in schema:
                    fields.append(f"{bound}: {float(schema[bound])!r}")
            if "enum" in schema:
                fields.append("allowed: [" + ", ".join(swift_string(str(choice)) for choice in schema["enum"]) + "]")
            if "format" in schema:
                fields.append(f"format: {swift_string(schema['format'])}")
            query.append("QueryParameter(" + ", ".join(fields) + ")")
        uuids = sorted(p["name"] for p in parameters if p.get("in") == "path" and p.get("schema", {}).get("format") == "uuid")
        takes_key = any(p.get("in") == "header" and p.get("name") == "Idempotency-Key" for p in parameters)
        content = operation.get("requestBody", {}).get("content")
        body = None
        if content is not None and "application/json" in content:
            body = content["application/json"]["schema"]
            references(body, used)
        fields = [
            f"method: {swift_string(method.upper())}", f"path: {swift_string(path)}",
            f"id: {swift_string(operation['operationId'])}", f"requiresUser: {'true' if requires_user else 'false'}",
        ]
        if query:
            fields.append("queryParameters: [\n" + ",\n".join(f"                {q}" for q in query) + "\n            ]")
        if uuids:
            fields.append("uuidPathParameters: [" + ", ".join(swift_string(name) for name in uuids) + "]")
        if body is not None:
            fields.append("requestBodySchema: " + value(pruned(body), 12))
        if content is not None and "application/json" not in content:
            fields.append("takesOtherBody: true")
        if takes_key:
            fields.append("takesIdempotencyKey: true")
        operations.append(((path, method.upper()), "        Operation(\n" + ",\n".join(f"            {f}" for f in fields) + "\n        ),\n"))

with open(output, "w") as swift:
    swift.write("// Generated by scripts/generate-openapi.sh from Gateway/openapi.yaml. Do not edit.\n\n")
    swift.write("extension GatewayOpenAPI {\n")
    swift.write("    /// Every operation the document declares, by path and method, with what the gateway checks before\n")
    swift.write("    /// its handler runs.\n")
    swift.write("    static let operations: [Operation] = [\n")
    swift.write("".join(text for _, text in sorted(operations)))
    swift.write("    ]\n\n")
    swift.write("    /// The component schemas request bodies use, with only what `BodySchemaCheck` reads.\n")
    swift.write("    static let requestSchemas: [String: OpenAPIValue] = [\n")
    for name in sorted(used):
        swift.write(f"        {swift_string(name)}: {value(pruned(schemas[name]), 8)},\n")
    swift.write("    ]\n}\n")
