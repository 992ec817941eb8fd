#include "serve/page.hpp"

namespace rulespec::serve {

const std::string& page_html() {
  static const std::string html = R"PAGE(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rulespec workbench</title><link rel="icon" href="data:,">
<style>
body{font-family:sans-serif;margin:0;line-height:1.35;color:#222}
header{background:#24324a;color:#fff;padding:.5em 1em}header h1{font-size:1.2em;margin:0;display:inline}
header label{margin-left:1.5em}header select{margin-left:.4em}
main{display:grid;grid-template-columns:minmax(260px,1fr) 2fr;gap:1em;padding:1em}
section{border:1px solid #ccd;border-radius:4px;padding:.6em .9em;margin-bottom:1em;background:#fff}
h2{font-size:1.05em;margin:.2em 0 .5em}h3{font-size:.98em;margin:.8em 0 .3em}
#clauses{max-height:70vh;overflow:auto;font-size:.9em}#clauses details{margin:.2em 0}
a.cite{cursor:pointer;color:#1a4f9c}#clauses a{cursor:pointer;color:#1a4f9c;text-decoration:none;display:block;padding:.1em 0}#clauses a:hover{text-decoration:underline}
.source{background:#fbf8ef;border-left:3px solid #d9c27a;padding:.3em .6em;font-size:.92em;white-space:pre-wrap}
.source .n{color:#998;display:inline-block;min-width:2.5em}
.reading{margin:.2em 0 .2em 1em;font-size:.92em}.muted{color:#667;font-size:.88em}
table.settings{border-collapse:collapse;width:100%;font-size:.9em}table.settings td{padding:.2em .4em;border-bottom:1px solid #eee;vertical-align:top}
textarea{width:100%;min-height:12em;font-family:monospace;font-size:.85em;box-sizing:border-box}
button{margin:.3em .4em .3em 0}
.error{color:#a00;background:#fee;border:1px solid #e99;padding:.3em .6em;white-space:pre-wrap}
.field-error{color:#a00;font-size:.88em;margin-left:.5em}#rationale{min-height:2.5em}
.progress{height:6px;background:#e3e7ef;border-radius:3px;overflow:hidden;margin:.4em 0}
.progress div{height:100%;width:30%;background:#3b6fc2;animation:slide 1.2s infinite linear}
@keyframes slide{from{margin-left:-30%}to{margin-left:100%}}
.case{border-top:1px solid #eee;padding:.4em 0;display:flow-root}.case svg{max-width:220px;height:auto;float:right}
table.fields{border-collapse:collapse;font-size:.88em;margin:.3em 0}table.fields td,table.fields th{padding:.1em .6em;border:1px solid #e3e3ea;text-align:left}
table.fields th{background:#f3f4f8;font-weight:normal;color:#556}.unexpected{color:#8a5a00;font-size:.88em}
.verdict{font-weight:bold}.finding{margin:.3em 0;font-size:.92em}.finding svg{max-width:220px;height:auto;display:block;margin:.3em 0}
</style></head><body>
<header><h1>rulespec workbench</h1><label>codex <select id="codex"></select></label></header>
<main>
<div>
<section><h2>Clauses</h2><div id="clauses" class="muted">loading...</div></section>
<section><h2>Findings</h2><label class="muted"><input type="checkbox" id="all-findings"> every codex's</label><div id="findings" class="muted">loading...</div></section>
</div>
<div>
<section id="clause-view"><h2>Clause</h2><p class="muted">Choose a clause on the left: our statement, its readings and the source lines it cites.</p></section>
<section><h2>Amendment</h2>
<p class="muted">Change a setting or a reading; the YAML below follows, and may be edited by hand. Evaluate runs it as <code>rulespec amend</code> does.</p>
<table class="settings">
<tr><td><label for="title">title</label></td><td><input id="title" size="60" value="Proposal"></td></tr>
<tr><td><label for="rationale">rationale</label></td><td><textarea id="rationale" rows="2" placeholder="why the committee proposes it (required)"></textarea></td></tr>
<tr><td><label for="source">source</label></td><td><input id="source" size="60" placeholder="the lines of the text it answers (required)"></td></tr>
<tr><td><label for="ruleset">ruleset</label></td><td><select id="ruleset"></select></td></tr>
</table>
<div id="settings"></div>
<h3>Amendment YAML</h3><textarea id="yaml" spellcheck="false"></textarea>
<div id="yaml-error"></div>
<button id="evaluate">Evaluate</button><button id="download">Download</button>
<label>Upload <input type="file" id="upload" accept=".yaml,.yml,.json"></label>
<div id="progress"></div>
</section>
<section><h2>What it changes</h2><div id="result" class="muted">Nothing evaluated yet.</div></section>
</div>
</main>
<script>
"use strict";
const token = (location.hash.match(/token=([^&]+)/) || [])[1];
const headers = token ? {"Authorization": "Bearer " + decodeURIComponent(token)} : {};
let codices = [], current = null, edited = false, findings = null, shownClause = null;
const replaced = new Map();  // clause id -> the statement the amendment gives it
const $ = id => document.getElementById(id);
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) { if (k === "text") e.textContent = v; else e.setAttribute(k, v); }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}
async function api(path, body) {
  const r = await fetch(path, body === undefined ? {headers} : {method: "POST", headers: {...headers, "Content-Type": "text/plain"}, body});
  let j = null;
  try { j = await r.json(); } catch (e) { j = {error: {message: "HTTP " + r.status}}; }
  return {status: r.status, body: j};
}
function yamlString(s) { return JSON.stringify(String(s)); }
// An identifier as the catalogs write it (tie_winner: none); anything else quoted.
function yamlScalar(s) {
  return /^[A-Za-z][A-Za-z0-9_.-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(s) ? s : yamlString(s);
}
function currentRuleset() { return current.rulesets.find(r => r.id === $("ruleset").value) || current.rulesets[0]; }
function buildYaml() {
  const rs = currentRuleset();
  const lines = ["amendment:", "  id: " + (current.id + "-proposal"), "  codex: " + current.id,
                 "  title: " + yamlString($("title").value), "  rationale: " + yamlString($("rationale").value),
                 "  source: " + yamlString($("source").value), "  rulesets: [" + rs.id + "]"];
  const params = [], readings = [];
  for (const input of document.querySelectorAll("[data-param]")) {
    const p = current.params.find(x => x.id === input.dataset.param);
    const was = rs.params[p.id];
    let v = input.value;
    if (v === "" || String(was) === v) continue;
    if (p.type === "int" || p.type === "number") v = String(Number(v));
    else if (p.type === "bool") v = v === "true" ? "true" : "false";
    else v = yamlScalar(v);
    params.push("  " + p.id + ": " + v);
  }
  for (const sel of document.querySelectorAll("[data-clause]"))
    if (sel.value !== rs.readings[sel.dataset.clause]) readings.push("  " + sel.dataset.clause + ": " + sel.value);
  if (params.length) lines.push("params:", ...params);
  if (readings.length) lines.push("readings:", ...readings);
  const replacements = [...replaced].filter(([id]) => current.clauses.some(c => c.id === id));
  if (replacements.length) {
    lines.push("replace_clauses:");
    for (const [id, text] of replacements) lines.push("  - id: " + id, "    statement: " + yamlString(text));
  }
  return lines.join("\n") + "\n";
}
function refreshYaml() { if (!edited) $("yaml").value = buildYaml(); }
function showSettings() {
  const rs = currentRuleset(), box = $("settings");
  box.replaceChildren();
  const table = el("table", {class: "settings"});
  for (const p of current.params) {
    if (!(p.id in rs.params)) continue;
    let input;
    const now = rs.params[p.id];
    if (p.values || p.type === "bool") {
      input = el("select", {"data-param": p.id});
      for (const v of (p.values || ["true", "false"])) input.append(el("option", {value: String(v), text: String(v)}));
    } else {
      input = el("input", {"data-param": p.id, type: p.type === "string" ? "text" : "number", size: "8"});
      if (p.domain) { input.min = p.domain.min; input.max = p.domain.max; if (p.domain.step) input.step = p.domain.step; else input.step = "any"; }
    }
    input.value = String(now);
    input.addEventListener("change", () => { edited = false; refreshYaml(); });
    const domain = p.values ? p.values.join(" | ") : p.domain ? p.domain.min + ".." + p.domain.max + (p.domain.step ? " step " + p.domain.step : "") : p.type;
    table.append(el("tr", {}, el("td", {}, el("code", {text: p.id})), el("td", {}, input), el("td", {class: "muted", text: domain + " - " + p.statement})));
  }
  for (const c of current.clauses) {
    if (!c.readings || c.readings.length < 2) continue;
    const sel = el("select", {"data-clause": c.id});
    for (const r of c.readings) sel.append(el("option", {value: r.id, text: r.id + (r.unusual ? " (unusual)" : r.proposal ? " (proposal)" : "")}));
    sel.value = rs.readings[c.id];
    sel.addEventListener("change", () => { edited = false; refreshYaml(); });
    table.append(el("tr", {}, el("td", {}, el("code", {text: c.id})), el("td", {}, sel), el("td", {class: "muted", text: "reading of " + c.ref})));
  }
  box.append(table);
  refreshYaml();
}
function showCodex(id) {
  current = codices.find(c => c.id === id);
  $("ruleset").replaceChildren(...current.rulesets.map(r => el("option", {value: r.id, text: r.id})));
  const topics = new Map();
  for (const c of current.clauses) { if (!topics.has(c.topic)) topics.set(c.topic, []); topics.get(c.topic).push(c); }
  const box = $("clauses");
  box.replaceChildren();
  box.classList.remove("muted");
  for (const [topic, list] of topics) {
    const d = el("details", {}, el("summary", {text: topic + " (" + list.length + ")"}));
    for (const c of list) {
      const a = el("a", {text: c.id});
      a.addEventListener("click", () => showClause(c.id));
      d.append(a);
    }
    box.append(d);
  }
  edited = false;
  showSettings();
}
async function showClause(id) {
  shownClause = id;
  const {status, body} = await api("/api/clauses/" + encodeURIComponent(id));
  const view = $("clause-view");
  view.replaceChildren(el("h2", {text: "Clause " + id}));
  if (status !== 200) { view.append(el("div", {class: "error", text: body.error.message})); return; }
  view.append(el("p", {class: "muted", text: body.ref + " - " + body.topic + ", " + body.kind + ", " + body.status}), el("p", {text: body.statement}));
  for (const r of body.readings || []) view.append(el("div", {class: "reading"}, el("b", {text: r.id + ": "}), r.statement));
  // The statement as the amendment would replace it.
  const text = el("textarea", {id: "replace-statement", rows: "3"});
  text.value = replaced.get(id) || body.statement;
  const use = el("button", {id: "replace-use", text: "Replace the statement in the amendment"});
  use.addEventListener("click", () => { replaced.set(id, text.value); edited = false; refreshYaml(); });
  const drop = el("button", {text: "Keep the statement as written"});
  drop.addEventListener("click", () => { replaced.delete(id); text.value = body.statement; edited = false; refreshYaml(); });
  if (current.clauses.some(c => c.id === id)) view.append(el("details", {}, el("summary", {text: "Replace its statement"}), text, use, drop));
  else view.append(el("p", {class: "muted", text: "A clause of another codex: choose that codex above to amend it."}));
  if (body.source.lines.length) {
    const src = el("div", {class: "source", lang: "ru"});
    for (const l of body.source.lines) src.append(el("span", {class: "n", text: l.line}), l.text + "\n");
    view.append(el("h3", {text: body.source.file}), src);
  }
}
function showError(box, e) {
  box.replaceChildren(el("div", {class: "error", text: (e.where ? e.where + ": " : "") + e.message}));
}
// Each positioned error also beside the field its line sets: the key at that line of the YAML.
function showFieldErrors(errors) {
  for (const old of document.querySelectorAll(".field-error")) old.remove();
  const lines = $("yaml").value.split("\n");
  for (const e of errors) {
    if (!e.line) continue;
    const key = ((lines[e.line - 1] || "").match(/^\s*([A-Za-z0-9_.-]+)\s*:/) || [])[1];
    const field = key && (document.querySelector('[data-param="' + key + '"]') || document.querySelector('[data-clause="' + key + '"]') ||
                          (["title", "rationale", "source"].includes(key) ? $(key) : null));
    if (field) field.after(el("span", {class: "field-error", text: "line " + e.line + ":" + e.col + ": " + e.message}));
  }
}
async function evaluate() {
  $("yaml-error").replaceChildren();
  $("progress").replaceChildren(el("div", {class: "progress"}, el("div", {})));
  $("evaluate").disabled = true;
  try {
    const {status, body} = await api("/api/amend", $("yaml").value);
    showFieldErrors([]);
    if (status !== 200) {
      showError($("yaml-error"), body.error);
      showFieldErrors(body.errors || [body.error]);
      $("result").replaceChildren(el("p", {class: "muted", text: "Not evaluated: " + body.error.message}));
      return;
    }
    showResult(body);
  } finally {
    $("progress").replaceChildren();
    $("evaluate").disabled = false;
  }
}
// The server evaluated the text as amendment.yaml; a reader replays it with the file Download gives.
function downloadName() { return current.id + "-proposal.yaml"; }
function replayText(replay) { return replay.replace(/--amendment amendment\.yaml$/, "--amendment " + downloadName() + " (after Download)"); }
// What moved in a case's answer, one row per field.
function changedFields(c) {
  const t = el("table", {class: "fields"}, el("tr", {}, el("th", {text: "answer"}), el("th", {text: "before"}), el("th", {text: "after"})));
  for (const f of c.fields || []) t.append(el("tr", {}, el("td", {text: f.path}), el("td", {text: f.before}), el("td", {text: f.after})));
  return t;
}
function showResult(e) {
  const box = $("result");
  box.classList.remove("muted");
  box.replaceChildren(el("p", {class: "verdict", text: "Verdict: " + e.verdict}));
  for (const s of e.summary) box.append(el("p", {text: s}));
  box.append(el("h3", {text: "Cases whose answer changes (" + e.cases.length + ")"}));
  for (const c of e.cases)
    box.append(el("div", {class: "case", "data-case": c.case},
      c.svg ? document.importNode(new DOMParser().parseFromString(c.svg, "image/svg+xml").documentElement, true) : null,
      el("b", {text: c.case}), " [" + c.ruleset + "]",
      c.expected_after === false ? el("div", {class: "unexpected", text: "no longer what the codex as written expects"}) : null,
      changedFields(c),
      el("div", {class: "muted", text: replayText(c.replay)})));
  const lists = [["Inconsistencies", e.inconsistencies, i => i.property + ": " + i.sentence],
                 ["Findings that appear", e.appear, f => f.id + ": " + f.summary],
                 ["Findings resolved", e.resolved, f => f.id + ": " + f.summary]];
  for (const [title, list, text] of lists) {
    box.append(el("h3", {text: title + " (" + list.length + ")"}));
    for (const x of list) box.append(el("div", {class: "finding", text: text(x)}));
  }
  box.append(el("p", {class: "muted", text: e.items_run + " of " + e.items + " items run again under the amendment"}));
}
async function proposeFix(id, box) {
  box.replaceChildren(el("div", {class: "progress"}, el("div", {})),
                      el("div", {class: "muted", text: "rulespec repair evaluates each reading and setting that might remove this finding; for some findings that takes a minute or two."}));
  const {status, body} = await api("/api/repair", JSON.stringify({finding: id}));
  if (status !== 200) { showError(box, body.error); return; }
  box.replaceChildren(el("pre", {class: "muted", text: body.text}));
  for (const p of body.proposals) {
    const b = el("button", {text: "Load proposal " + p.rank + " into the editor"});
    b.addEventListener("click", () => { edited = true; $("yaml").value = p.yaml; $("yaml").scrollIntoView(); });
    box.append(b);
  }
}
async function loadFindings() {
  const {status, body} = await api("/api/findings");
  if (status !== 200) { showError($("findings"), body.error); return; }
  findings = body;
  showFindings();
}
// The findings that cite a clause of the codex chosen above, or all of them.
function showFindings() {
  const box = $("findings");
  if (!findings) return;
  const all = $("all-findings").checked, mine = new Set(current.clauses.map(c => c.id));
  const shown = findings.filter(f => all || f.clauses.some(c => mine.has(c)));
  box.replaceChildren(el("p", {class: "muted", id: "findings-count",
                               text: all ? "all " + findings.length + " findings" : shown.length + " of " + findings.length + " findings cite " + current.id}));
  box.classList.remove("muted");
  for (const f of shown) {
    const fix = el("div", {});
    const cites = el("div", {class: "muted"}, "cites ");
    f.clauses.forEach((id, k) => {
      const a = el("a", {class: "cite", text: id});
      a.addEventListener("click", () => showClause(id));
      cites.append(k ? ", " : "", a);
    });
    const d = el("details", {class: "finding", "data-finding": f.id}, el("summary", {text: f.id + " (" + f.severity + ")"}),
                 f.svg ? document.importNode(new DOMParser().parseFromString(f.svg, "image/svg+xml").documentElement, true) : null,
                 el("div", {text: f.summary}), cites);
    if (f.severity === "defect" || f.severity === "wording") {
      const b = el("button", {text: "Propose a fix"});
      b.addEventListener("click", () => proposeFix(f.id, fix));
      d.append(b);
    }
    d.append(fix);
    box.append(d);
  }
}
$("codex").addEventListener("change", () => {
  showCodex($("codex").value);
  showFindings();
  // A clause shown from another codex's finding can now be amended.
  if (shownClause && current.clauses.some(c => c.id === shownClause)) showClause(shownClause);
});
$("all-findings").addEventListener("change", showFindings);
$("ruleset").addEventListener("change", () => { edited = false; showSettings(); });
for (const id of ["title", "rationale", "source"]) $(id).addEventListener("input", refreshYaml);
$("yaml").addEventListener("input", () => { edited = true; });
$("evaluate").addEventListener("click", evaluate);
$("download").addEventListener("click", () => {
  const a = el("a", {href: URL.createObjectURL(new Blob([$("yaml").value], {type: "application/yaml"})), download: downloadName()});
  document.body.append(a); a.click(); a.remove();
});
$("upload").addEventListener("change", async ev => {
  const f = ev.target.files[0];
  if (!f) return;
  edited = true;
  $("yaml").value = await f.text();
});
(async () => {
  const {status, body} = await api("/api/codices");
  if (status !== 200) { showError($("clauses"), body.error); return; }
  codices = body.codices;
  $("codex").replaceChildren(...codices.map(c => el("option", {value: c.id, title: c.title, text: c.id + " (" + c.game + ")"})));
  showCodex(codices[0].id);
  loadFindings();
})();
</script></body></html>
)PAGE";
  return html;
}

}  // namespace rulespec::serve
