// surrogate review: a little vanilla JavaScript over server-rendered pages. No external code.
(function () {
  "use strict";

  // Auto-submitting selects (corpus profile on the documents page).
  document.querySelectorAll("select.autosubmit").forEach(function (sel) {
    sel.addEventListener("change", function () { sel.form.submit(); });
  });

  var app = document.getElementById("app");
  if (!app) { return; }
  var docName = app.dataset.doc;
  var docText = document.getElementById("doc-text");
  var inspector = document.getElementById("inspector");
  var addbar = document.getElementById("addbar");
  var flash = document.getElementById("flash");
  var selected = null;      // span id
  var pendingAdd = null;    // {start, end} in code points

  function marks() { return Array.prototype.slice.call(docText.querySelectorAll("mark.phi")); }
  function spanIds() {
    var seen = [], ids = [];
    marks().forEach(function (m) { if (seen.indexOf(m.dataset.id) < 0) { seen.push(m.dataset.id); ids.push(m.dataset.id); } });
    return ids;
  }
  function showError(msg) { flash.textContent = msg; flash.classList.remove("hidden"); }

  function api(verb, payload) {
    return fetch("/api/doc/" + encodeURIComponent(docName) + "/" + verb, {
      method: "POST", headers: {"Content-Type": "application/json"}, credentials: "same-origin",
      body: JSON.stringify(payload || {})
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok || body.error) { throw new Error(body.error || ("HTTP " + r.status)); }
        return body;
      });
    });
  }
  // After an edit the page is rendered again by the server; the selected span survives in the hash.
  function reloadWith(spanId) {
    history.replaceState(null, "", location.pathname + (spanId ? "#" + spanId : ""));
    location.reload();
  }
  function act(verb, payload, keep) {
    return api(verb, payload).then(function (body) {
      reloadWith(keep === undefined ? selected : keep);
      return body;
    }).catch(function (e) { showError(e.message); });
  }

  // ---- selection of an existing span
  function select(id, scroll) {
    selected = id;
    marks().forEach(function (m) { m.classList.toggle("selected", m.dataset.id === id); });
    document.querySelectorAll("#output-text mark.phi, #original-text mark.phi").forEach(function (m) {
      m.classList.toggle("linked", m.dataset.id === id);
    });
    if (!id) { inspector.hidden = true; return; }
    var first = docText.querySelector('mark.phi[data-id="' + id + '"]');
    if (!first) { inspector.hidden = true; selected = null; return; }
    hideAdd();
    inspector.hidden = false;
    document.getElementById("insp-id").textContent = id;
    document.getElementById("insp-label").value = first.dataset.label;
    if (scroll) {
      first.scrollIntoView({block: "center"});
      var twin = document.querySelector('#output-text mark.phi[data-id="' + id + '"]');
      if (twin) { twin.scrollIntoView({block: "center"}); }
    }
    if (history.replaceState) { history.replaceState(null, "", location.pathname + "#" + id); }
  }
  function step(delta) {
    var ids = spanIds();
    if (!ids.length) { return; }
    var i = ids.indexOf(selected);
    i = i < 0 ? (delta > 0 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, i + delta));
    select(ids[i], true);
  }
  docText.addEventListener("click", function (ev) {
    var m = ev.target.closest("mark.phi");
    if (m && window.getSelection().isCollapsed) { select(m.dataset.id, false); }
  });
  document.querySelectorAll("#output-text, #original-text").forEach(function (pane) {
    pane.addEventListener("click", function (ev) {
      var m = ev.target.closest("mark.phi");
      if (m) { select(m.dataset.id, true); }
    });
  });

  // ---- a new span from the selected text (offsets in code points, as BRAT counts them)
  function codePoints(s) { return Array.from(s).length; }
  function offsetOf(node, offset) {
    var el = node.nodeType === 3 ? node.parentElement : node;
    var seg = el.closest("[data-s]");
    if (!seg || !docText.contains(seg)) { return null; }
    var base = parseInt(seg.dataset.s, 10);
    if (node.nodeType === 3) { return base + codePoints(node.data.slice(0, offset)); }
    return base + (offset > 0 ? codePoints(seg.textContent) : 0);
  }
  function hideAdd() { addbar.hidden = true; pendingAdd = null; }
  function captureSelection() {
    var sel = window.getSelection();
    if (!sel.rangeCount || sel.isCollapsed) { return false; }
    var r = sel.getRangeAt(0);
    if (!docText.contains(r.startContainer) || !docText.contains(r.endContainer)) { return false; }
    var start = offsetOf(r.startContainer, r.startOffset), end = offsetOf(r.endContainer, r.endOffset);
    if (start === null || end === null || end <= start) { return false; }
    pendingAdd = {start: start, end: end};
    select(null);
    addbar.hidden = false;
    document.getElementById("add-range").textContent = start + "–" + end;
    return true;
  }
  docText.addEventListener("mouseup", function () { setTimeout(captureSelection, 0); });
  document.getElementById("add-span").addEventListener("click", function () {
    if (!pendingAdd) { return; }
    api("add", {start: pendingAdd.start, end: pendingAdd.end, label: document.getElementById("add-label").value})
      .then(function (body) { reloadWith(body.span); }).catch(function (e) { showError(e.message); });
  });
  document.getElementById("add-cancel").addEventListener("click", hideAdd);

  // ---- corrections on the selected span
  document.getElementById("insp-label").addEventListener("change", function (ev) {
    if (selected) { act("relabel", {span: selected, label: ev.target.value}); }
  });
  document.querySelectorAll("[data-move]").forEach(function (b) {
    b.addEventListener("click", function () { if (selected) { act("move", {span: selected, how: b.dataset.move}); } });
  });
  document.getElementById("insp-delete").addEventListener("click", function () {
    if (selected) { act("delete", {span: selected}, null); }
  });
  document.getElementById("insp-resurrogate").addEventListener("click", function () {
    if (selected) { act("resurrogate", {span: selected}); }
  });
  document.getElementById("resurrogate-doc").addEventListener("click", function () { act("resurrogate", {}); });

  // ---- profile: the output pane is redrawn at once, the choice is a pending change of the document
  var profileSel = document.getElementById("doc-profile");
  profileSel.addEventListener("change", function () { setProfile(profileSel.value); });
  function setProfile(p) {
    profileSel.value = p;
    api("profile", {profile: p}).then(function () { reloadWith(selected); }).catch(function (e) { showError(e.message); });
  }

  document.getElementById("save").addEventListener("click", function () { act("save", {}); });
  document.getElementById("discard").addEventListener("click", function () { act("discard", {}, null); });

  // ---- keyboard
  function go(id) { var a = document.getElementById(id); if (a) { location.href = a.href; } }
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target.tagName || "").toLowerCase();
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "s") { ev.preventDefault(); act("save", {}); return; }
    if (tag === "input" || tag === "textarea" || ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    if (tag === "select" && ev.key !== "Escape") { return; }
    var k = ev.key, handled = true;
    if (k === "j") { step(1); }
    else if (k === "k") { step(-1); }
    else if (k === "n") { go("next-doc"); }
    else if (k === "p") { go("prev-doc"); }
    else if (k === "a") { if (captureSelection() || pendingAdd) { document.getElementById("add-label").focus(); } }
    else if (k === "Enter" && pendingAdd) { document.getElementById("add-span").click(); }
    else if (k === "l" && selected) { document.getElementById("insp-label").focus(); }
    else if ((k === "x" || k === "Delete" || k === "Backspace") && selected) { act("delete", {span: selected}, null); }
    else if (k === "w" && selected) { act("move", {span: selected, how: "snap"}); }
    else if (k === "[" && selected) { act("move", {span: selected, how: "start-left"}); }
    else if (k === "{" && selected) { act("move", {span: selected, how: "start-right"}); }
    else if (k === "]" && selected) { act("move", {span: selected, how: "end-right"}); }
    else if (k === "}" && selected) { act("move", {span: selected, how: "end-left"}); }
    else if (k === "r" && selected) { act("resurrogate", {span: selected}); }
    else if (k === "R") { act("resurrogate", {}); }
    else if (k >= "1" && k <= "4") { setProfile(profileSel.options[parseInt(k, 10) - 1].value); }
    else if (k === "s") { act("save", {}); }
    else if (k === "?") { var keys = document.getElementById("keys"); keys.hidden = !keys.hidden; }
    else if (k === "Escape") { select(null); hideAdd(); if (tag === "select") { ev.target.blur(); } }
    else { handled = false; }
    if (handled) { ev.preventDefault(); }
  });

  // Hovering a span lights up its counterpart in the other panes.
  document.querySelectorAll(".pane-text").forEach(function (pane) {
    pane.addEventListener("mouseover", function (ev) {
      var m = ev.target.closest("mark.phi");
      document.querySelectorAll("mark.phi.linked").forEach(function (x) { if (x.dataset.id !== selected) { x.classList.remove("linked"); } });
      if (m) { document.querySelectorAll('mark.phi[data-id="' + m.dataset.id + '"]').forEach(function (x) { x.classList.add("linked"); }); }
    });
  });

  if (location.hash.length > 1) { select(decodeURIComponent(location.hash.slice(1)), true); }
})();
