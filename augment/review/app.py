"""The review web app: Starlette routes over a :class:`ReviewSession`, server-rendered HTML.

Security on a shared hospital PC: every request (pages, API, static files) needs the run's token, given
once in the URL (``/?token=…``) and then kept in an HttpOnly, SameSite=Strict cookie, so another site
cannot drive the app; the Host header must be the loopback address the server is bound to. Pages
forbid caching and send no referrer, and the Content-Security-Policy allows nothing but this server.
Errors shown to the user are the session's own messages (ids and offsets, never text).
"""
from __future__ import annotations

import hmac
import logging
from pathlib import Path
from urllib.parse import quote, urlencode

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from surrogate.config import PROFILES

from ..errors import UserError
from . import render
from .session import ReviewSession

HERE = Path(__file__).parent
COOKIE = "surrogate_review"
MAX_UPLOAD = 20 * 1024 * 1024
log = logging.getLogger("surrogate.review")

_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",  # never to another site; "no-referrer" would make form posts Origin: null
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
}


class TokenGuard:
    """ASGI middleware: 403 unless the request carries the token (query on first visit, then cookie)."""

    def __init__(self, app, token: str, hosts: set[str]) -> None:
        self.app, self.token, self.hosts = app, token, hosts
        self.origins = {f"http://{h}" for h in hosts}

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = HTTPConnection(scope)
        given = request.query_params.get("token", "")
        cookie = request.cookies.get(COOKIE, "")
        origin = request.headers.get("origin")
        if request.headers.get("host") not in self.hosts or (origin is not None and origin not in self.origins):
            # another Host: DNS rebinding; another Origin: a page elsewhere posting to us
            response: Response = PlainTextResponse("Forbidden", status_code=403)
        elif given and _same_token(given, self.token):
            # Keep the token out of the address bar and history: set the cookie, redirect without it.
            rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
            target = scope["path"] + ("?" + urlencode(rest) if rest else "")
            response = RedirectResponse(target, status_code=303)
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict", path="/")
        elif cookie and _same_token(cookie, self.token):
            await self._serve(scope, receive, send)
            return
        else:
            response = PlainTextResponse("Forbidden: open the address printed by `surrogate review` (it holds the token)",
                                         status_code=403)
        response.headers.update(_HEADERS)
        await response(scope, receive, send)


    async def _serve(self, scope, receive, send) -> None:
        """Run the app; an unexpected error is logged by its type only (a message or traceback may quote PHI)."""
        started = False

        async def tracking(message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, _with_headers(tracking))
        except Exception as exc:
            log.error("surrogate review: internal error (%s) on a request", type(exc).__name__)
            if not started:
                response = PlainTextResponse("Internal error (see the terminal running surrogate review)", status_code=500)
                response.headers.update(_HEADERS)
                await response(scope, receive, send)


def _same_token(given: str, token: str) -> bool:
    """Constant-time comparison, on bytes: ``compare_digest`` raises TypeError on a non-ASCII ``str``."""
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), token.encode("utf-8"))


def _with_headers(send):
    async def wrapped(message) -> None:
        if message["type"] == "http.response.start":
            present = {k.lower() for k, _ in message.get("headers", [])}
            extra = [(k.lower().encode(), v.encode()) for k, v in _HEADERS.items() if k.lower().encode() not in present]
            message = {**message, "headers": list(message.get("headers", [])) + extra}
        await send(message)
    return wrapped


def create_app(session: ReviewSession, token: str, port: int) -> TokenGuard:
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    kind_css = render.kind_css(session.schema)
    messages: list[str] = []  # shown once on the documents page; kept out of URLs (and so out of history)

    def back_home(message: str | None = None) -> RedirectResponse:
        if message:
            messages.append(message)
        return RedirectResponse("/", status_code=303)

    def page(request: Request, name: str, context: dict, status: int = 200) -> HTMLResponse:
        context = {"session": session, "profiles": PROFILES, **context}
        return templates.TemplateResponse(request, name, context, status_code=status)

    def doc_or_404(request: Request):
        try:
            return session.get(request.path_params["name"])
        except KeyError:
            return None

    async def index(request: Request) -> Response:
        rows = []
        for name, review in session.docs.items():
            counts = render.label_counts(review.working)
            rows.append({"name": name, "review": review, "total": sum(counts.values()),
                         "labels": render.legend(session.schema, sorted(counts), counts)})
        shown = list(messages)
        messages.clear()
        return page(request, "index.html", {"rows": rows, "messages": shown})

    async def document(request: Request) -> Response:
        review = doc_or_404(request)
        if review is None:
            return page(request, "error.html", {"message": "No such document."}, 404)
        if review.working is None:
            return page(request, "error.html", {"message": review.error}, 422)
        names = session.names()
        i = names.index(review.name)
        counts = render.label_counts(review.working)
        original = session.original(review.name)
        return page(request, "document.html", {
            "review": review, "segments": render.segments(review.working, session.schema),
            "output": _output_context(session, review),
            "original": render.segments(original, session.schema) if original is not None else None,
            "legend": render.legend(session.schema, session.labels(), counts),
            "labels": session.labels(), "profile": session.profile_of(review),
            "prev": names[i - 1] if i > 0 else None, "next": names[i + 1] if i + 1 < len(names) else None,
            "position": i + 1, "count": len(names),
        })

    async def action(request: Request) -> Response:
        name, verb = request.path_params["name"], request.path_params["verb"]
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "expected a JSON body"}, status_code=400)
        if name not in session.docs or not isinstance(body, dict):
            return JSONResponse({"error": "no such document"}, status_code=404)
        try:
            result = _dispatch(session, name, verb, body)
        except UserError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        except (KeyError, TypeError, ValueError):
            return JSONResponse({"error": f"bad request for {verb}"}, status_code=400)
        return JSONResponse({"ok": True, **result})

    async def corpus_profile(request: Request) -> Response:
        form = await request.form()
        try:
            session.set_profile(None, str(form.get("profile", "")))
        except UserError as exc:
            return back_home(str(exc))
        return back_home()

    async def upload(request: Request) -> Response:
        length = request.headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_UPLOAD + 65536:
            return back_home("upload too large (20 MB at most)")
        form = await request.form(max_files=20, max_part_size=MAX_UPLOAD)
        names = []
        try:
            for item in form.getlist("files"):
                if not hasattr(item, "read"):
                    continue
                data = await item.read()
                names.append(session.upload(item.filename or "upload.txt", data))
        except UserError as exc:
            return back_home(str(exc))
        finally:
            await form.close()
        if not names:
            return back_home("choose a .txt, .docx or .pdf file")
        return RedirectResponse(f"/doc/{quote(names[0])}", status_code=303)

    async def export(request: Request) -> Response:
        try:
            data = session.export_zip()
        except UserError as exc:
            return back_home(str(exc))
        return Response(data, media_type="application/zip",
                        headers={"Content-Disposition": 'attachment; filename="deidentified.zip"'})

    async def kinds_css(request: Request) -> Response:
        return Response(kind_css, media_type="text/css")

    app = Starlette(routes=[
        Route("/", index),
        Route("/doc/{name}", document),
        Route("/api/doc/{name}/{verb}", action, methods=["POST"]),
        Route("/profile", corpus_profile, methods=["POST"]),
        Route("/upload", upload, methods=["POST"]),
        Route("/export.zip", export),
        Route("/kinds.css", kinds_css),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ])
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    return TokenGuard(app, token, hosts)


def _output_context(session: ReviewSession, review) -> dict:
    profile = session.profile_of(review)
    result = session.output(review, profile)
    return {"profile": profile, "segments": render.segments(result.document, session.schema),
            "actions": {r.span_id: r.action for r in result.replacements}}


def _dispatch(session: ReviewSession, name: str, verb: str, body: dict) -> dict:
    if verb == "add":
        return {"span": session.add(name, int(body["start"]), int(body["end"]), str(body["label"]))}
    if verb == "relabel":
        session.relabel(name, str(body["span"]), str(body["label"]))
    elif verb == "delete":
        session.delete(name, str(body["span"]))
    elif verb == "move":
        session.move(name, str(body["span"]), str(body["how"]))
    elif verb == "resurrogate":
        session.resurrogate(name, str(body["span"]) if body.get("span") else None)
    elif verb == "profile":
        session.set_profile(name, str(body["profile"]))
    elif verb == "save":
        return {"status": session.save(name)}
    elif verb == "discard":
        session.discard(name)
    else:
        raise UserError(f"unknown action {verb!r}")
    return {}
