"""A small JSON Schema (draft 2020-12) validator: the part of the standard that the
schemas of docs/ (``*.schema.json``) use, and nothing else.

Supported keywords: ``$schema``, ``$id``, ``$defs``, ``$ref`` (to ``#/$defs/NAME`` in the
same document), ``title``, ``description``, ``type`` (a name or a list of names),
``enum``, ``const``, ``properties``, ``required``, ``additionalProperties`` (false or a
schema), ``propertyNames``, ``minProperties``, ``items``, ``minItems``, ``maxItems``, ``minimum``,
``maximum``, ``minLength``, ``maxLength``, ``pattern`` (searched, unanchored, as the
standard says), ``oneOf`` and ``anyOf``. A schema using any other keyword is refused with
``UnsupportedSchema``, so the tests cannot pass by ignoring a rule.

Equality follows the standard: ``1`` and ``1.0`` are equal, ``true`` is not ``1``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["UnsupportedSchema", "errors", "is_valid"]

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description"})
_KEYWORDS = _ANNOTATIONS | {
    "$ref", "type", "enum", "const", "properties", "required", "additionalProperties",
    "propertyNames", "minProperties", "items", "minItems", "maxItems", "minimum", "maximum",
    "minLength", "maxLength", "pattern", "oneOf", "anyOf"}


class UnsupportedSchema(Exception):
    """The schema uses a keyword this validator does not implement."""


def _type_of(value: object) -> set[str]:
    if value is None:
        return {"null"}
    if isinstance(value, bool):
        return {"boolean"}
    if isinstance(value, int):
        return {"integer", "number"}
    if isinstance(value, float):
        return {"number", "integer"} if value.is_integer() else {"number"}
    if isinstance(value, str):
        return {"string"}
    if isinstance(value, list):
        return {"array"}
    if isinstance(value, dict):
        return {"object"}
    raise TypeError(f"not a JSON value: {value!r}")


def _equal(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _resolve(ref: str, root: Mapping[str, Any]) -> Mapping[str, Any]:
    match = re.fullmatch(r"#/\$defs/([A-Za-z0-9_]+)", ref)
    if match is None or match.group(1) not in root.get("$defs", {}):
        raise UnsupportedSchema(f"$ref {ref!r}")
    found: Mapping[str, Any] = root["$defs"][match.group(1)]
    return found


def errors(instance: object, schema: Mapping[str, Any] | bool,
           root: Mapping[str, Any] | None = None, path: str = "$") -> list[str]:
    """Every way ``instance`` breaks ``schema`` (empty when it is valid), each naming
    the place; ``root`` is the document that ``$ref`` points into (default: ``schema``)."""
    if schema is True:
        return []
    if schema is False:
        return [f"{path}: no value is allowed here"]
    assert isinstance(schema, Mapping)
    root = schema if root is None else root
    unknown = set(schema) - _KEYWORDS
    if unknown:
        raise UnsupportedSchema(f"keywords {sorted(unknown)} at {path}")
    found: list[str] = []
    if "$ref" in schema:
        found += errors(instance, _resolve(schema["$ref"], root), root, path)
    if "type" in schema:
        wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not _type_of(instance) & set(wanted):
            return [*found, f"{path}: {instance!r} is not of type {wanted}"]
    if "enum" in schema and not any(_equal(instance, v) for v in schema["enum"]):
        found.append(f"{path}: {instance!r} is not one of {schema['enum']}")
    if "const" in schema and not _equal(instance, schema["const"]):
        found.append(f"{path}: {instance!r} is not {schema['const']!r}")
    if isinstance(instance, str):
        if "minLength" in schema and len(instance) < schema["minLength"]:
            found.append(f"{path}: shorter than {schema['minLength']}")
        if "maxLength" in schema and len(instance) > schema["maxLength"]:
            found.append(f"{path}: longer than {schema['maxLength']}")
        if "pattern" in schema and re.search(schema["pattern"], instance) is None:
            found.append(f"{path}: {instance!r} does not match {schema['pattern']!r}")
    if isinstance(instance, int | float) and not isinstance(instance, bool):
        if "minimum" in schema and instance < schema["minimum"]:
            found.append(f"{path}: {instance} is less than {schema['minimum']}")
        if "maximum" in schema and instance > schema["maximum"]:
            found.append(f"{path}: {instance} is more than {schema['maximum']}")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            found.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            found.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for index, item in enumerate(instance):
                found += errors(item, schema["items"], root, f"{path}[{index}]")
    if isinstance(instance, dict):
        found += _object_errors(instance, schema, root, path)
    for keyword in ("oneOf", "anyOf"):
        if keyword in schema:
            passing = sum(not errors(instance, option, root, path) for option in schema[keyword])
            if passing == 0 or (keyword == "oneOf" and passing > 1):
                found.append(f"{path}: {passing} of the {keyword} schemas match")
    return found


def _object_errors(instance: dict[str, Any], schema: Mapping[str, Any],
                   root: Mapping[str, Any], path: str) -> list[str]:
    found: list[str] = []
    for key in schema.get("required", ()):
        if key not in instance:
            found.append(f"{path}: missing {key!r}")
    if "minProperties" in schema and len(instance) < schema["minProperties"]:
        found.append(f"{path}: fewer than {schema['minProperties']} properties")
    properties = schema.get("properties", {})
    for key, value in instance.items():
        where = f"{path}.{key}"
        if "propertyNames" in schema:
            found += errors(key, schema["propertyNames"], root, f"{where} (name)")
        if key in properties:
            found += errors(value, properties[key], root, where)
        elif "additionalProperties" in schema:
            found += errors(value, schema["additionalProperties"], root, where)
    return found


def is_valid(instance: object, schema: Mapping[str, Any],
             root: Mapping[str, Any] | None = None) -> bool:
    """True when ``instance`` meets ``schema``."""
    return not errors(instance, schema, root)
