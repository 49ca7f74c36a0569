"""`surrogate review` driven in headless Chromium (Debian's chromium + chromium-driver, with Selenium).

One server (a subprocess, as a user starts it) serves a small corpus for the whole module; the tests run in
file order and build on each other: correct a document, save, re-surrogate, switch profile, export, upload.
The saved ``.ann`` is checked exactly (offsets and text).
"""
from __future__ import annotations

import base64
import io
import json
import os
import shutil
import socket
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from test_document_readers import make_docx
from test_review_cli import review_server

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
if not Path(CHROMIUM).exists() or not Path(CHROMEDRIVER).exists():
    pytest.skip("browser tests need Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver",
                allow_module_level=True)
pytest.importorskip("starlette", reason="the review app needs the review extra: pip install -e '.[review]'")
pytest.importorskip("uvicorn", reason="the review app needs the review extra: pip install -e '.[review]'")
webdriver = pytest.importorskip("selenium.webdriver", reason="browser tests need selenium (the test extra)")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
WAIT = 60  # seconds; the machine running the suite may be busy

TEXT = (
    "Paciente: Lucía Ferrer Quintana. NHC: 2871046.\n"
    "Fecha de ingreso: 02/10/2023.\n"
    "Médico: Dr. Tomás Echeverría Lobo.\n"
    "Lucía Ferrer Quintana acude a Urgencias del Hospital Clínico San Carlos en Madrid con su hija.\n"
)


def _span(span_id: str, label: str, surface: str, nth: int = 0) -> tuple[str, str, int, int, str]:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(surface, start + 1)
    return span_id, label, start, start + len(surface), surface


NAME1 = _span("T1", "NOMBRE_SUJETO_ASISTENCIA", "Lucía Ferrer Quintana")
NHC = _span("T2", "ID_SUJETO_ASISTENCIA", "2871046")
DATE = _span("T3", "FECHAS", "02/10/2023")
DOCTOR = _span("T4", "NOMBRE_PERSONAL_SANITARIO", "Tomás Echeverría")  # cut short: the reviewer takes in "Lobo"
NAME2 = _span("T5", "NOMBRE_SUJETO_ASISTENCIA", "Lucía Ferrer Quintana", nth=1)
CITY = _span("T6", "PAIS", "Madrid")  # mislabelled: the reviewer makes it TERRITORIO
FALSE = _span("T7", "PROFESION", "Urgencias")  # a false positive: the reviewer deletes it
MISSED = "Hospital Clínico San Carlos"  # missed by the detector: the reviewer adds it


def _line(span) -> str:
    sid, label, s, e, surface = span
    return f"{sid}\t{label} {s} {e}\t{surface}\n"


ANN = "".join(_line(sp) for sp in (NAME1, NHC, DATE, DOCTOR, NAME2, CITY, FALSE)) + \
    "#1\tAnnotatorNotes T1\tpaciente\n#2\tAnnotatorNotes T7\tno es PHI\n"
PHI = ["Lucía", "Ferrer Quintana", "2871046", "02/10/2023", "Echeverría", "Clínico San Carlos"]
CRLF = "\ufeffNombre: Ana Soler.\r\nNHC: 7654321.\r\n\r\nVive en Sevilla 😀 con su madre.\r\n"  # BOM, CRLF, non-BMP


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("review")
    corpus = root / "corpus"
    corpus.mkdir()
    (corpus / "informe-01.txt").write_bytes(TEXT.encode())
    (corpus / "informe-01.ann").write_bytes(ANN.encode())
    (corpus / "crlf.txt").write_bytes(CRLF.encode())  # no .ann yet: nothing detected
    example = REPO / "augment" / "example"
    for suffix in (".txt", ".ann"):
        shutil.copy(example / f"ejemplo-01{suffix}", corpus / f"ejemplo-01{suffix}")
    return corpus


@pytest.fixture(scope="module")
def server(corpus):
    """``surrogate review CORPUS --port 0 --no-browser`` with a backend for uploads; its log must hold no PHI."""
    with review_server(corpus, "--backend", "rules", "--reviewer", "dra.test", secrets=tuple(PHI)) as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory, server):
    """Headless Chromium, signed in: it has opened the tokenised URL once, as a reviewer does."""
    downloads = tmp_path_factory.mktemp("downloads")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='chromium-')}", "--window-size=1600,1000"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    driver.get(server)
    yield driver
    driver.quit()


def base(url: str) -> str:
    return url.split("/?")[0]


def wait(driver, condition):
    return WebDriverWait(driver, WAIT).until(condition)


def open_doc(driver, url: str, name: str) -> None:
    driver.get(f"{base(url)}/doc/{name}")
    wait(driver, EC.presence_of_element_located((By.ID, "doc-text")))


def after_reload(driver, action) -> None:
    """Run an action that makes the page reload, and wait for the new page."""
    old = driver.find_element(By.ID, "doc-text")
    action()
    wait(driver, EC.staleness_of(old))
    wait(driver, EC.presence_of_element_located((By.ID, "doc-text")))
    flash = driver.find_element(By.ID, "flash")
    assert not flash.is_displayed(), flash.text


def click_span(driver, span_id: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#doc-text mark[data-id="{span_id}"]').click()
    wait(driver, lambda d: d.find_element(By.ID, "insp-id").text == span_id)


def output_of(driver, span_id: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, f'#output-text mark[data-id="{span_id}"]').text


def select_text(driver, surface: str) -> None:
    """Select ``surface`` inside the plain text of the document pane, as a mouse drag would."""
    driver.execute_script("""
        const surface = arguments[0];
        for (const seg of document.querySelectorAll('#doc-text span.plain')) {
          const node = seg.firstChild, i = node.data.indexOf(surface);
          if (i < 0) continue;
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + surface.length);
          const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
          document.getElementById('doc-text').dispatchEvent(new MouseEvent('mouseup', {bubbles: true}));
          return;
        }
        throw new Error('text not found');
    """, surface)
    wait(driver, EC.visibility_of_element_located((By.ID, "add-span")))


# ------------------------------------------------------------------------------------------------ tests


def test_every_request_without_the_token_is_refused(server):
    root = base(server)
    for path in ("/", "/doc/informe-01", "/static/review.css", "/static/review.js", "/export.zip", "/kinds.css"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(root + path, timeout=30)
        assert err.value.code == 403, path
    request = urllib.request.Request(root + "/api/doc/informe-01/delete", data=b'{"span": "T1"}', method="POST",
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(request, timeout=30)
    assert err.value.code == 403
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(root + "/?token=wrong", timeout=30)
    assert err.value.code == 403


def test_listens_on_loopback_only(server):
    assert server.startswith("http://127.0.0.1:") and "/?token=" in server
    port = int(base(server).rsplit(":", 1)[1])
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outward interface
        address = probe.getsockname()[0]
    except OSError:
        pytest.skip("no non-loopback interface")
    finally:
        probe.close()
    if address.startswith("127."):
        pytest.skip("no non-loopback interface")
    with pytest.raises(OSError):
        socket.create_connection((address, port), timeout=5).close()


def test_documents_list(browser, server):
    browser.get(server)
    wait(browser, EC.presence_of_element_located((By.ID, "docs")))
    assert "token=" not in browser.current_url  # the token went into a cookie
    rows = {r.get_attribute("data-name"): [td.text for td in r.find_elements(By.TAG_NAME, "td")]
            for r in browser.find_elements(By.CSS_SELECTOR, "#docs tbody tr")}
    assert set(rows) == {"crlf", "ejemplo-01", "informe-01"}
    name, status, count, labels, profile = rows["informe-01"]
    assert (name, status.upper(), count, profile) == ("informe-01", "UNREVIEWED", "7", "surrogate")
    assert "PAIS 1" in labels.replace("\n", " ")


def test_add_relabel_delete_move_and_save_exact_brat(browser, server, corpus):
    open_doc(browser, server, "informe-01")
    # keyboard: j walks the spans in text order
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys("j")
    wait(browser, lambda d: d.find_element(By.ID, "insp-id").text == "T3")

    select_text(browser, MISSED)
    Select(browser.find_element(By.ID, "add-label")).select_by_value("HOSPITAL")
    after_reload(browser, lambda: browser.find_element(By.ID, "add-span").click())
    assert browser.find_element(By.CSS_SELECTOR, '#doc-text mark[data-id="T8"]').text == MISSED

    click_span(browser, "T6")
    after_reload(browser, lambda: Select(browser.find_element(By.ID, "insp-label")).select_by_value("TERRITORIO"))

    click_span(browser, "T7")
    after_reload(browser, lambda: browser.find_element(By.TAG_NAME, "body").send_keys("x"))
    assert not browser.find_elements(By.CSS_SELECTOR, '#doc-text mark[data-id="T7"]')

    click_span(browser, "T4")
    after_reload(browser, lambda: browser.find_element(By.CSS_SELECTOR, '[data-move="end-right"]').click())
    assert browser.find_element(By.CSS_SELECTOR, '#doc-text mark[data-id="T4"]').text == "Tomás Echeverría Lobo"
    assert browser.find_element(By.ID, "dirty").text.lower() == "4 unsaved changes"

    after_reload(browser, lambda: browser.find_element(By.TAG_NAME, "body").send_keys("s"))
    assert browser.find_element(By.ID, "doc-status").text.upper() == "CHANGED"

    start = TEXT.index(MISSED)
    doctor = _span("T4", "NOMBRE_PERSONAL_SANITARIO", "Tomás Echeverría Lobo")
    expected = "".join(_line(sp) for sp in (NAME1, NHC, DATE, doctor, NAME2)) + \
        _line(("T6", "TERRITORIO", *CITY[2:])) + "#1\tAnnotatorNotes T1\tpaciente\n" + \
        _line(("T8", "HOSPITAL", start, start + len(MISSED), MISSED))
    assert (corpus / "informe-01.ann").read_bytes().decode() == expected
    assert (corpus / "informe-01.txt").read_bytes().decode() == TEXT
    assert not [p.name for p in corpus.iterdir() if ".tmp" in p.name]

    log = [json.loads(line) for line in (corpus / ".review" / "log.jsonl").read_text().splitlines()]
    assert log[-1]["reviewer"] == "dra.test" and log[-1]["document"] == "informe-01"
    assert [(c["op"], c["span"]) for c in log[-1]["changes"]] == [
        ("add", "T8"), ("relabel", "T6"), ("delete", "T7"), ("move", "T4")]
    raw_log = (corpus / ".review" / "log.jsonl").read_text()
    assert not any(secret in raw_log for secret in PHI + ["Madrid", "Urgencias", "Tomás"])


def test_selections_count_code_points_of_the_file(browser, server, corpus):
    """A BOM, CR LF line ends (one LF in the browser) and an emoji (two UTF-16 units) before the selection."""
    open_doc(browser, server, "crlf")
    for surface, label in (("Sevilla", "TERRITORIO"), ("madre", "FAMILIARES_SUJETO_ASISTENCIA"), ("7654321", "ID_SUJETO_ASISTENCIA")):
        select_text(browser, surface)
        Select(browser.find_element(By.ID, "add-label")).select_by_value(label)
        after_reload(browser, lambda: browser.find_element(By.ID, "add-span").click())
    after_reload(browser, lambda: browser.find_element(By.ID, "save").click())
    spans = [("T1", "TERRITORIO", "Sevilla"), ("T2", "FAMILIARES_SUJETO_ASISTENCIA", "madre"),
             ("T3", "ID_SUJETO_ASISTENCIA", "7654321")]
    expected = "".join(f"{sid}\t{label} {CRLF.index(text)} {CRLF.index(text) + len(text)}\t{text}\n"
                       for sid, label, text in sorted(spans, key=lambda sp: CRLF.index(sp[2])))
    assert (corpus / "crlf.ann").read_bytes().decode() == expected
    assert (corpus / "crlf.txt").read_bytes() == CRLF.encode()


def test_resurrogate_span_then_document_keeps_consistency(browser, server):
    open_doc(browser, server, "informe-01")
    before = {sid: output_of(browser, sid) for sid in ("T1", "T2", "T5")}
    assert before["T1"] == before["T5"] != NAME1[4]  # one surrogate for one name, and not the original
    click_span(browser, "T5")
    for _ in range(3):  # a fresh draw may, rarely, land on the same name again
        after_reload(browser, lambda: browser.find_element(By.ID, "insp-resurrogate").click())
        if output_of(browser, "T5") != before["T5"]:
            break
    assert output_of(browser, "T5") != before["T5"]
    assert output_of(browser, "T1") == output_of(browser, "T5")  # the engine's consistency holds
    assert output_of(browser, "T2") == before["T2"]  # other spans keep their surrogates

    after_reload(browser, lambda: browser.find_element(By.TAG_NAME, "body").send_keys("R"))
    assert output_of(browser, "T2") not in (before["T2"], NHC[4])
    assert output_of(browser, "T1") == output_of(browser, "T5")
    output = browser.find_element(By.ID, "output-text").text
    assert not any(secret in output for secret in PHI)


def test_switch_profile_previews_and_saves(browser, server, corpus):
    open_doc(browser, server, "informe-01")
    after_reload(browser, lambda: Select(browser.find_element(By.ID, "doc-profile")).select_by_value("tag"))
    assert output_of(browser, "T1") == "[NOMBRE]" and output_of(browser, "T8") == "[HOSPITAL]"
    after_reload(browser, lambda: browser.find_element(By.TAG_NAME, "body").send_keys("2"))  # 2 = mask
    assert Select(browser.find_element(By.ID, "doc-profile")).first_selected_option.text == "mask"
    assert output_of(browser, "T1") == "XXXXX XXXXXX XXXXXXXX"
    assert output_of(browser, "T3") == "XX/XX/XXXX"
    after_reload(browser, lambda: browser.find_element(By.ID, "save").click())
    state = json.loads((corpus / ".review" / "state.json").read_text())
    assert state["documents"]["informe-01"]["profile"] == "mask"
    browser.find_element(By.TAG_NAME, "body").send_keys("p")  # keyboard: previous document
    wait(browser, EC.url_contains("/doc/ejemplo-01"))
    browser.find_element(By.TAG_NAME, "body").send_keys("n")
    wait(browser, EC.url_contains("/doc/informe-01"))


def test_export_zip(browser, server):
    browser.get(base(server) + "/")
    browser.find_element(By.ID, "export").click()
    target = browser.downloads / "deidentified.zip"
    deadline = time.monotonic() + WAIT
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    with zipfile.ZipFile(io.BytesIO(target.read_bytes())) as zf:
        files = {name: zf.read(name).decode() for name in zf.namelist()}
    assert set(files) == {f"deidentified/{name}.{ext}" for name in ("informe-01", "ejemplo-01", "crlf")
                          for ext in ("txt", "ann")} | {"review-log.jsonl"}
    text = files["deidentified/informe-01.txt"]
    masked = {
        "T1": "XXXXX XXXXXX XXXXXXXX", "T2": "XXXXXXX", "T3": "XX/XX/XXXX", "T4": "XXXXX XXXXXXXXXX XXXX",
        "T5": "XXXXX XXXXXX XXXXXXXX", "T6": "XXXXXX", "T8": "XXXXXXXX XXXXXXX XXX XXXXXX",
    }
    assert text == (TEXT.replace("Lucía Ferrer Quintana", masked["T1"]).replace("2871046", masked["T2"])
                    .replace("02/10/2023", masked["T3"]).replace("Tomás Echeverría Lobo", masked["T4"])
                    .replace("Madrid", masked["T6"]).replace(MISSED, masked["T8"]))
    for line in files["deidentified/informe-01.ann"].splitlines():
        sid, middle, surface = line.split("\t")
        _, s, e = middle.split(" ")
        assert text[int(s):int(e)] == surface == masked[sid]
    assert "#1" not in files["deidentified/informe-01.ann"]  # notes may quote PHI: not exported
    example = files["deidentified/ejemplo-01.txt"]  # never reviewed: surrogated with the corpus profile
    assert "Ferrer Quintana" not in example and "2871046" not in example


def test_docx_upload_is_detected_written_and_opened(browser, server, corpus, tmp_path):
    paragraphs = ["Informe de alta.", "Nombre: Ana Martínez Soler.", "NHC: 7654321.", "Ingreso: 14/03/2021."]
    upload = tmp_path / "alta urgencias.docx"
    upload.write_bytes(make_docx(paragraphs))
    browser.get(base(server) + "/")
    browser.find_element(By.ID, "upload-files").send_keys(str(upload))
    browser.find_element(By.ID, "upload-submit").click()
    wait(browser, EC.url_contains("/doc/alta_urgencias"))
    wait(browser, EC.presence_of_element_located((By.ID, "doc-text")))
    text = (corpus / "alta_urgencias.txt").read_text(encoding="utf-8")
    assert text == "\n".join(paragraphs) + "\n"
    spans = {}
    for line in (corpus / "alta_urgencias.ann").read_text(encoding="utf-8").splitlines():
        sid, middle, surface = line.split("\t")
        label, s, e = middle.split(" ")
        assert text[int(s):int(e)] == surface
        spans[surface] = label
    assert spans.get("7654321") == "ID_SUJETO_ASISTENCIA" and "14/03/2021" in spans
    marks = [m.text for m in browser.find_elements(By.CSS_SELECTOR, "#doc-text mark.phi")]
    assert "7654321" in marks
    assert "7654321" not in browser.find_element(By.ID, "output-text").text
    assert not (corpus / "alta urgencias.docx").exists()  # only the extracted text enters the corpus


def test_scanned_pdf_upload_is_refused_with_a_clear_message(browser, server, corpus, tmp_path):
    pytest.importorskip("pypdf")
    from test_document_readers import make_pdf

    scan = tmp_path / "escaneo.pdf"
    scan.write_bytes(make_pdf([[]]))
    before = sorted(p.name for p in corpus.iterdir())
    browser.get(base(server) + "/")
    browser.find_element(By.ID, "upload-files").send_keys(str(scan))
    browser.find_element(By.ID, "upload-submit").click()
    flash = wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "p.flash")))
    assert "escaneo.pdf: the PDF has no text layer" in flash.text
    assert "escaneo" not in browser.current_url
    assert sorted(p.name for p in corpus.iterdir()) == before


def test_document_view_screenshot(browser, server, tmp_path):
    """The picture in docs/review.md (SURROGATE_REVIEW_SCREENSHOT=docs/review.png writes it there)."""
    browser.set_window_size(1600, 1150)
    browser.get(f"{base(server)}/doc/ejemplo-01#T2")
    wait(browser, lambda d: d.find_element(By.ID, "insp-id").text == "T2")
    target = Path(os.environ.get("SURROGATE_REVIEW_SCREENSHOT") or tmp_path / "review.png")
    png = base64.b64decode(browser.get_screenshot_as_base64())
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 50_000
    target.write_bytes(png)
