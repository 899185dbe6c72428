"""GET /v1/me as a Python developer would write it, the peer Roam's gateway is measured against
(roam-bench gateway): FastAPI under uvicorn with PEER_WORKERS worker processes, the token checked
with PyJWT (EdDSA, expiry), one primary-key read with asyncpg from a pool per process.

PEER_PORT, PEER_WORKERS, PEER_DATABASE_URL, PEER_PUBLIC_KEY (the raw Ed25519 key, base64url)."""
import base64
import contextlib
import os

import asyncpg
import jwt
import uvicorn
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from fastapi import FastAPI, Header
from fastapi.responses import JSONResponse

raw = os.environ["PEER_PUBLIC_KEY"]
key = Ed25519PublicKey.from_public_bytes(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
pool = None


@contextlib.asynccontextmanager
async def lifespan(app):
    global pool
    pool = await asyncpg.create_pool(os.environ["PEER_DATABASE_URL"], min_size=2, max_size=10)
    yield
    await pool.close()


app = FastAPI(lifespan=lifespan)


def problem(status, reason):
    return JSONResponse({"status": status, "reason": reason}, status_code=status, media_type="application/problem+json")


@app.get("/v1/me")
async def me(authorization: str = Header(default="")):
    try:
        claims = jwt.decode(authorization.removeprefix("Bearer "), key, algorithms=["EdDSA"])
    except jwt.PyJWTError:
        return problem(401, "INVALID_TOKEN")
    row = await pool.fetchrow(
        "SELECT id, username, display_name, email, created_at FROM peers.users WHERE id = $1", claims["sub"])
    if row is None:
        return problem(404, "NOT_FOUND")
    return {"userId": str(row["id"]), "username": row["username"], "displayName": row["display_name"],
            "email": row["email"], "createdAt": row["created_at"].isoformat()}


if __name__ == "__main__":
    uvicorn.run("me_fastapi:app", host="127.0.0.1", port=int(os.environ["PEER_PORT"]),
                workers=int(os.environ.get("PEER_WORKERS", "2")), log_level="warning", access_log=False)
