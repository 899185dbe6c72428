#!/usr/bin/env python3
"""A gRPC client in another language, generated from proto/ at run time: signs up, logs in, refreshes,
lists sessions and reads a profile on a running roam-accounts (default 127.0.0.1:50051).

    pip install grpcio-tools
    python3 scripts/python-client/accounts_client.py [HOST:PORT]
"""
import importlib
import os
import random
import sys
import tempfile

import grpc
from grpc_tools import protoc
import grpc_tools

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROTO = os.path.join(ROOT, "proto")


def generate(out):
    include = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
    files = ["roam/accounts/v1/accounts.proto", "roam/common/v1/page.proto"]
    status = protoc.main(["protoc", f"-I{PROTO}", f"-I{include}", f"--python_out={out}", f"--grpc_python_out={out}", *files])
    if status != 0:
        sys.exit(f"protoc failed with {status}")
    sys.path.insert(0, out)
    return (importlib.import_module("roam.accounts.v1.accounts_pb2"),
            importlib.import_module("roam.accounts.v1.accounts_pb2_grpc"))


def main():
    address = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1:50051"
    with tempfile.TemporaryDirectory() as out:
        pb, rpc = generate(out)
        with grpc.insecure_channel(address) as channel:
            accounts = rpc.AccountsServiceStub(channel)
            name = f"py_{random.randrange(10**8)}"
            password = "correct horse battery"
            signed_up = accounts.SignUp(pb.SignUpRequest(email=f"{name}@example.com", username=name, password=password,
                                                         display_name="Python"), timeout=10)
            print("signed up", signed_up.account.user_id)

            logged_in = accounts.LogIn(pb.LogInRequest(identifier=name, password=password,
                                                       device=pb.DeviceInfo(user_agent="python-grpcio", device_name="CI")), timeout=10)
            refreshed = accounts.RefreshSession(pb.RefreshSessionRequest(refresh_token=logged_in.tokens.refresh_token), timeout=10)
            assert refreshed.tokens.refresh_token != logged_in.tokens.refresh_token, "the refresh token should rotate"
            auth = [("authorization", f"Bearer {refreshed.tokens.access_token}")]

            sessions = accounts.ListSessions(pb.ListSessionsRequest(), metadata=auth, timeout=10).sessions
            assert len(sessions) == 2, f"expected the sign-up and log-in sessions, got {len(sessions)}"
            assert any(s.device.user_agent == "python-grpcio" for s in sessions)

            profile = accounts.GetProfile(pb.GetProfileRequest(username=name), metadata=auth, timeout=10).profile
            assert profile.username == name and profile.display_name == "Python"

            try:
                accounts.SignUp(pb.SignUpRequest(email="bad", username=name, password=password, display_name="x"), timeout=10)
                sys.exit("a bad sign-up should fail")
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, error.code()
            print("python client OK: sign-up, log-in, refresh, sessions, profile, INVALID_ARGUMENT")


if __name__ == "__main__":
    main()
