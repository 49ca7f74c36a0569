"""`surrogate review` as a user starts it (no browser needed): first stdout line, token, loopback, help."""
from __future__ import annotations

import http.client
import http.cookiejar
import select
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from augment.cli import main

REPO = Path(__file__).resolve().parents[1]


@contextmanager
def review_server(corpus: Path, *options: str, secrets: tuple[str, ...] = ()):
    """``surrogate review CORPUS --port 0 --no-browser OPTIONS``; yields the URL read from its first stdout line.

    On exit the server is stopped, and nothing it wrote to stderr may hold one of ``secrets``.
    """
    pytest.importorskip("starlette", reason="the review app needs the review extra: pip install -e '.[review]'")
    pytest.importorskip("uvicorn", reason="the review app needs the review extra: pip install -e '.[review]'")
    cmd = [sys.executable, "-m", "augment.cli", "review", str(corpus), "--port", "0", "--no-browser", *options]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 300)
        line = proc.stdout.readline().strip() if ready else ""
        if not line:
            proc.kill()
            pytest.fail(f"surrogate review printed no URL: {proc.stderr.read()[-2000:]}")
        yield line
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        stderr = proc.stderr.read()
        leaked = [s for s in secrets if s in stderr]
        assert not leaked, "the server's log holds PHI"


def status(url: str, **kwargs) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, **kwargs), timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


@pytest.fixture
def corpus(tmp_path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "alta-1.txt").write_text("Nombre: Lucía Ferrer.\nNHC: 2871046.\n", encoding="utf-8")
    (corpus / "alta-1.ann").write_text("T1\tNOMBRE_SUJETO_ASISTENCIA 8 20\tLucía Ferrer\n", encoding="utf-8")
    return corpus


def test_first_line_is_the_tokenised_url_and_the_token_is_required(corpus):
    with review_server(corpus, secrets=("Lucía", "Ferrer", "2871046")) as url:
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url
        root, token = url.split("/?token=")
        assert len(token) >= 32
        for path in ("/", "/doc/alta-1", "/static/review.css", "/static/review.js", "/export.zip"):
            assert status(root + path) == 403, path
        assert status(root + "/?token=" + token[:-1] + "x") == 403
        assert status(root + "/?token=%C3%B1") == 403  # non-ASCII: refused, not an internal error
        assert status(root + "/", headers={"Cookie": "surrogate_review=\u00f1"}) == 403

        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(url, timeout=60) as response:  # sets the cookie, then redirects to the bare address
            assert response.status == 200 and response.url == root + "/"
            page = response.read().decode()
            assert "alta-1" in page and "unreviewed" in page
            assert response.headers["Cache-Control"] == "no-store"
            assert "default-src 'none'" in response.headers["Content-Security-Policy"]
        cookie = next(c for c in jar if c.name == "surrogate_review")
        assert cookie.has_nonstandard_attr("HttpOnly")
        with opener.open(root + "/doc/alta-1", timeout=60) as response:
            assert "Lucía Ferrer" in response.read().decode()
        with opener.open(root + "/static/review.js", timeout=60) as response:
            assert response.status == 200

        host, port = root.removeprefix("http://").split(":")
        for path in ("/doc/..%2F..%2Fetc%2Fpasswd", "/doc/../../etc/passwd", "/static/../app.py",
                     "/static/..%2Fapp.py", "/static/%2e%2e/session.py"):  # paths cannot leave the app's own files
            conn = http.client.HTTPConnection(host, int(port), timeout=60)
            conn.request("GET", path, headers={"Cookie": f"surrogate_review={cookie.value}"})
            response = conn.getresponse()
            body = response.read().decode(errors="replace")
            assert response.status == 404 and "import" not in body and "root:" not in body, path
            conn.close()

        # the cookie alone is not enough from another origin or through another host name
        for headers in ({"Origin": "http://evil.example"}, {"Host": f"evil.example:{port}"}):
            conn = http.client.HTTPConnection(host, int(port), timeout=60)
            conn.request("POST", "/api/doc/alta-1/delete", body=b'{"span": "T1"}',
                         headers={"Cookie": f"surrogate_review={cookie.value}", "Content-Type": "application/json",
                                  **headers})
            assert conn.getresponse().status == 403
            conn.close()
    assert (corpus / "alta-1.ann").read_text(encoding="utf-8").startswith("T1\t")


def test_help_speaks_to_users(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "Realistic surrogates for protected health information" in out
    assert "surrogate review" in out and "augment/commands" not in out
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    assert "127.0.0.1" in capsys.readouterr().out


def test_missing_corpus_is_a_one_line_error(tmp_path, capsys):
    pytest.importorskip("uvicorn")
    assert main(["review", str(tmp_path / "nowhere"), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "nowhere: not a directory" in err and "Traceback" not in err
