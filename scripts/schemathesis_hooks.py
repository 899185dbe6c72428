"""Schemathesis extensions for scripts/check-stack.sh (loaded through SCHEMATHESIS_HOOKS).

A tus `PATCH` carries its bytes as `application/offset+octet-stream`, which schemathesis has no
serializer for: the bytes it generates go as they are.
"""
import schemathesis


@schemathesis.serializer("application/offset+octet-stream")
def offset_octet_stream(ctx, value):
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    return str(value).encode()
