"""The test and bench server's opt-in gzip (``SiteServer(compress=True)``), as a static host sends files:
compressible types gzipped only to a client that accepts gzip, files compressed already (the memory
snapshot's zstd frames, zips, images) as they are, and the bytes written to the socket counted. Without the
option nothing changes. Never asserts a time."""

from __future__ import annotations

import gzip
import http.client
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import zstandard

from tests.support.siteserver import SiteServer

FILES = {
    "index.html": b"<!doctype html><title>x</title>" + b"<p>A page of rules.</p>" * 400,
    "assets/app.js": b"export const answer = 42;\n" * 500,
    "assets/py.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 40,
    "assets/snapshot/engine.snapshot.zst": zstandard.ZstdCompressor().compress(b"python memory " * 2000),
    "assets/sitemap.xml.gz": gzip.compress(b"<urlset/>" * 200),
    "assets/stdlib.zip": b"PK\5\6" + b"\0" * 18 + b"zipped already" * 50,
    "assets/logo.png": b"\x89PNG\r\n\x1a\n" + b"pixels" * 300,
    # gzipped, still several of the server's 64 KiB pieces
    "assets/big.mjs": random.Random(29).randbytes(200_000).hex().encode(),
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for name, body in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(body)
    return tmp_path


@pytest.fixture
def gzip_server(site: Path) -> Iterator[SiteServer]:
    server = SiteServer(compress=True)
    server.serve(site)
    yield server
    server.close()


def get(server: SiteServer, path: str, accept: str | None = "gzip, deflate, br, zstd",
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One GET: status, headers (lower-case names), and the body exactly as sent (never inflated here)."""
    counted = server.traffic.finished
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        sent = dict(headers or {})
        if accept is not None:
            sent["Accept-Encoding"] = accept
        connection.request("GET", path, headers=sent)
        response = connection.getresponse()
        answer = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()
    if answer[0] == 200:
        assert server.traffic.wait_for(counted + 1)
    return answer


@pytest.mark.parametrize("path", ["/", "/assets/app.js", "/assets/py.wasm", "/assets/big.mjs"])
def test_compressible_files_go_gzipped_to_a_client_that_accepts_gzip(gzip_server, path):
    status, headers, body = get(gzip_server, path)
    name = "index.html" if path == "/" else path.lstrip("/")
    assert status == 200
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert gzip_server.traffic.snapshot()[path] == {"wire": len(body), "raw": len(FILES[name]), "requests": 1}


@pytest.mark.parametrize("accept", [None, "br", "identity", "gzip;q=0"])
def test_a_client_that_takes_no_gzip_gets_the_file_as_it_is(gzip_server, accept):
    status, headers, body = get(gzip_server, "/assets/app.js", accept=accept)
    assert status == 200 and "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"
    assert body == FILES["assets/app.js"]
    assert gzip_server.traffic.total() == len(body)


@pytest.mark.parametrize("name", ["assets/snapshot/engine.snapshot.zst", "assets/sitemap.xml.gz", "assets/stdlib.zip",
                                  "assets/logo.png"])
def test_files_compressed_already_go_as_they_are(gzip_server, name):
    """The snapshot's zstd frames above all: the worker decodes them itself as they arrive (runtime/zstd.js);
    gzipping them again would only cost time."""
    status, headers, body = get(gzip_server, "/" + name)
    assert status == 200 and "content-encoding" not in headers and "vary" not in headers
    assert body == FILES[name]
    assert gzip_server.traffic.snapshot()["/" + name] == {"wire": len(body), "raw": len(body), "requests": 1}


def test_the_wire_total_counts_what_was_sent(gzip_server):
    sent = [len(get(gzip_server, "/" + name)[2]) for name in ("assets/app.js", "assets/logo.png", "assets/app.js")]
    assert gzip_server.traffic.total() == sum(sent)
    assert gzip_server.traffic.raw_total() == 2 * len(FILES["assets/app.js"]) + len(FILES["assets/logo.png"])
    assert gzip_server.traffic.requests["/assets/app.js"] == 2


def test_a_gzipped_file_is_still_answered_not_modified(gzip_server):
    _, headers, _ = get(gzip_server, "/assets/app.js")
    status, again, body = get(gzip_server, "/assets/app.js", headers={"If-Modified-Since": headers["last-modified"]})
    assert (status, body) == (304, b"") and "content-encoding" not in again


def test_without_the_option_nothing_is_compressed(site):
    server = SiteServer()
    server.serve(site)
    try:
        for name in ("index.html", "assets/app.js", "assets/py.wasm"):
            status, headers, body = get(server, "/" + ("" if name == "index.html" else name))
            assert status == 200 and "content-encoding" not in headers and "vary" not in headers
            assert body == FILES[name]
        assert server.traffic.total() == server.traffic.raw_total()
    finally:
        server.close()
