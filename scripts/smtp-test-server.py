#!/usr/bin/env python3
"""A real SMTP server for Roam's mail tests (aiosmtpd): STARTTLS or implicit TLS with a test
certificate, AUTH PLAIN and LOGIN with one user, and every message it accepts written to a folder as
JSON (envelope, headers, the decoded text and HTML parts, the raw message).

Recipients steer it: `bounce…@` is refused with 550, `defer…@` with 451. It stops when the process
that started it (--parent) is gone."""
import argparse
import asyncio
import email
import email.policy
import json
import os
import ssl
import sys
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Recorder:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.split("@")[0]
        if local.startswith("bounce"):
            return "550 5.1.1 no such mailbox"
        if local.startswith("defer"):
            return "451 4.3.0 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        parts = {}
        for part in message.walk():
            if part.get_content_maintype() == "text":
                parts[part.get_content_type()] = part.get_content()
        self.count += 1
        record = {
            "mailFrom": envelope.mail_from,
            "rcptTos": envelope.rcpt_tos,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
            "authenticated": session.authenticated,
            "headers": {key: str(value) for key, value in message.items()},
            "text": parts.get("text/plain", ""),
            "html": parts.get("text/html", ""),
            "raw": (envelope.original_content or envelope.content).decode("utf-8", "replace"),
        }
        name = f"{time.time_ns()}-{os.getpid()}-{self.count}.json"
        temporary = os.path.join(self.folder, "." + name)
        with open(temporary, "w") as file:
            json.dump(record, file)
        os.rename(temporary, os.path.join(self.folder, name))
        return "250 2.0.0 queued"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--security", choices=["starttls", "implicit", "none"], default="starttls")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--user", default="roam")
    parser.add_argument("--password", default="secret")
    parser.add_argument("--folder", required=True)
    parser.add_argument("--parent", type=int, default=0)
    arguments = parser.parse_args()
    os.makedirs(arguments.folder, exist_ok=True)

    def authenticator(server, session, envelope, mechanism, data):
        ok = isinstance(data, LoginPassword) and data.login == arguments.user.encode() and data.password == arguments.password.encode()
        # handled=False: aiosmtpd answers a failure with 535 itself (by default it would answer nothing).
        return AuthResult(success=ok, handled=False)

    context = None
    if arguments.security != "none":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(arguments.cert, arguments.key)
    # With TLS from the start aiosmtpd does not count the connection as TLS for AUTH; it is.
    options = dict(hostname=arguments.host, port=arguments.port, authenticator=authenticator, auth_require_tls=arguments.security == "starttls")
    if arguments.security == "starttls":
        controller = Controller(Recorder(arguments.folder), tls_context=context, require_starttls=True, **options)
    elif arguments.security == "implicit":
        controller = Controller(Recorder(arguments.folder), ssl_context=context, **options)
    else:
        controller = Controller(Recorder(arguments.folder), **options)
    controller.start()
    print(f"listening on {arguments.port}", flush=True)
    try:
        while arguments.parent == 0 or os.path.exists(f"/proc/{arguments.parent}"):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    controller.stop()


if __name__ == "__main__":
    main()
