#!/usr/bin/env python3
"""A tus upload with a real tus client (tuspy) whose connection breaks part way, then resumed.

Used by Tests/EndToEndTests/ResumableUploadEndToEndTests.swift; `.ci/run` installs tuspy. The upload goes
through a TCP proxy here that closes the connection once `--cut-at` bytes of it have passed, the way a
train going into a tunnel would; a second uploader, knowing only the upload's URL (as an app relaunched
would), asks where it stands and sends the rest. Prints one line of JSON: the offset found after the
break, the upload's URL and the stored item's id.

With `--proxy-only`, it is only the proxy, for another client (RoamClient): it prints `port <n>`, cuts
the connection that carries the `--cut-at`th byte toward the gateway, and when its standard input
closes prints `forwarded <bytes>`, every byte it carried toward the gateway. `--cut-every N` cuts
again each N bytes after the first cut, a line that keeps breaking.
"""
import sys
import argparse
import json
import socket
import threading
import urllib.parse

import requests
from tusclient import client as tus


forwarded = [0]
cuts_left = [1]
# Bytes between cuts after the first (0: one cut only).
cut_every = [0]
lock = threading.Lock()


def proxy(target_port, first_cut):
    """Listens on a free port; forwards to the gateway, closing the connection that carries the
    `first_cut`th byte toward it (once, unless `cut_every`: later bytes pass)."""
    cut_at = [first_cut]
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)

    def pipe(source, sink, upward):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                cut = False
                if upward:
                    # The break comes once `cut_at` bytes have gone up in all, on whichever connection
                    # carries that byte (a client may spread its requests over several).
                    with lock:
                        if cuts_left[0] > 0 and forwarded[0] + len(data) >= cut_at[0]:
                            cuts_left[0] -= 1
                            data = data[: cut_at[0] - forwarded[0]]
                            cut = True
                            if cut_every[0] > 0:
                                cuts_left[0] += 1
                                cut_at[0] += cut_every[0]
                        forwarded[0] += len(data)
                sink.sendall(data)
                if cut:
                    break
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()

    def serve():
        while True:
            downstream, _ = listener.accept()
            upstream = socket.create_connection(("127.0.0.1", target_port))
            threading.Thread(target=pipe, args=(downstream, upstream, True), daemon=True).start()
            threading.Thread(target=pipe, args=(upstream, downstream, False), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gateway", required=True, help="http://127.0.0.1:<port>")
    parser.add_argument("--token")
    parser.add_argument("--file")
    parser.add_argument("--cut-at", type=int, required=True)
    parser.add_argument("--cut-every", type=int, default=0)
    parser.add_argument("--proxy-only", action="store_true")
    arguments = parser.parse_args()
    cut_every[0] = arguments.cut_every
    port = urllib.parse.urlparse(arguments.gateway).port
    proxy_port = proxy(port, arguments.cut_at)
    if arguments.proxy_only:
        print("port %d" % proxy_port, flush=True)
        sys.stdin.read()
        with lock:
            print("forwarded %d" % forwarded[0], flush=True)
        return
    headers = {"Authorization": "Bearer " + arguments.token}
    broken = "http://127.0.0.1:%d" % proxy_port

    # The whole file in one PATCH, through the proxy that breaks it.
    first = tus.TusClient(broken + "/v1/uploads", headers=headers).uploader(
        arguments.file, chunk_size=1 << 40, metadata={"filename": "clip.mp4", "deviceAssetId": "clip-1"})
    first.set_url(first.create_url())
    url = first.url
    try:
        first.upload()
        raise SystemExit("the upload was not cut")
    except Exception:
        pass
    url = url.replace(broken, arguments.gateway)

    # Relaunched: only the URL is known. Ask where it stands, and send the rest in 4 MiB pieces.
    second = tus.TusClient(arguments.gateway + "/v1/uploads", headers=headers).uploader(
        arguments.file, url=url, chunk_size=4 << 20, upload_checksum=True)
    offset = second.get_offset()
    second.upload()
    head = requests.head(url, headers=dict(headers, **{"Tus-Resumable": "1.0.0"}))
    print(json.dumps({
        "offsetAfterCut": offset, "url": url, "finalOffset": int(head.headers["Upload-Offset"]),
        "mediaId": head.headers.get("Roam-Media-Id"), "metadata": head.headers.get("Upload-Metadata"),
    }))


if __name__ == "__main__":
    main()
