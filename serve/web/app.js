"use strict";
// The committee's workbench: the codex, an amendment editor whose form and YAML follow each other,
// and the answer `rulespec amend` gives, in the committee's words. Served by rulespec-serve
// (serve/server.cpp); the page's own words are in WORDS, English and Russian (?lang=ru).
const params = new URLSearchParams(location.search);
const lang = params.get("lang") === "ru" ? "ru" : "en";
const hashField = name => { const m = location.hash.match(new RegExp("[#&]" + name + "=([^&]+)")); return m ? decodeURIComponent(m[1]) : null; };
const token = hashField("token");
const headers = token ? {"Authorization": "Bearer " + token} : {};
let codices = [], current = null, edited = false, findings = null, shownClause = null, lastAnswer = null;
let extraYaml = "";          // sections of a loaded amendment the form does not hold, kept as written
let loadedRulesets = null;   // a loaded amendment's rulesets, while the form's ruleset is their first
const replaced = new Map();  // clause id -> the statement the amendment gives it
const tableEdits = new Map(); // decision table id -> {policy, order, rows}: the table as the form edits it
let tablesAsWritten = false;  // a loaded amendment's table changes the editor cannot hold stay in its YAML
const $ = id => document.getElementById(id);

// The page's own words: each key, its English and its Russian.
const WORDS = {
  title: ["rulespec workbench",
    "rulespec: рабочее место комиссии"],
  codex: ["codex",
    "кодекс"],
  clauses: ["Clauses",
    "Положения"],
  findings: ["Findings",
    "Находки"],
  everyCodex: ["every codex's",
    "всех кодексов"],
  clause: ["Clause",
    "Положение"],
  clauseHint: ["Choose a clause on the left: our statement, its readings and the source lines it cites.",
    "Выберите положение слева: наша формулировка, её прочтения и строки источника."],
  clauseSearch: ["search: id, words or article (Art. 7 §2)",
    "поиск: id, слова или статья (Art. 7 §2)"],
  amendment: ["Amendment",
    "Поправка"],
  editorHint: ["Change a setting or a reading; the YAML below follows, and may be edited by hand. Evaluate runs it as rulespec amend does.",
    "Измените параметр или прочтение; YAML ниже следует за формой и правится вручную. «Оценить» выполняет его, как rulespec amend."],
  fieldTitle: ["title",
    "название"],
  fieldRationale: ["rationale",
    "обоснование"],
  fieldSource: ["source",
    "источник"],
  fieldRuleset: ["ruleset",
    "свод правил"],
  rationalePlaceholder: ["why the committee proposes it (required)",
    "зачем комиссия её предлагает (обязательно)"],
  sourcePlaceholder: ["the lines of the text it answers (required)",
    "строки текста, на которые она отвечает (обязательно)"],
  yamlHeading: ["Amendment YAML",
    "YAML поправки"],
  evaluate: ["Evaluate",
    "Оценить"],
  tablesHeading: ["Decision tables",
    "Таблицы решений"],
  tablesHint: ["A table the text decides an outcome by, row by row. Change, add or remove a row, the hit policy, or give an input a new value; the YAML follows (add_rows, replace_rows, remove_rows, add_values).",
    "Таблица, по которой текст решает исход, строка за строкой. Измените, добавьте или удалите строку либо политику срабатывания; YAML следует за формой."],
  chooseTable: ["choose a table",
    "выберите таблицу"],
  tableInputs: ["inputs",
    "входы"],
  inputOfParam: ["the ruleset's param",
    "параметр регламента"],
  inputOfReading: ["the ruleset's reading of",
    "прочтение регламентом"],
  tablePolicy: ["hit policy",
    "политика"],
  tableOrder: ["order (priority)",
    "порядок (priority)"],
  consultedBy: ["the models consult it: ",
    "модели сверяются с ней: "],
  notConsulted: ["no model consults it yet: it changes what decide answers",
    "модели с ней пока не сверяются: она меняет ответ decide"],
  executedThrough: ["it sets side by side the tables the models consult: ",
    "она сопоставляет таблицы, с которыми сверяются модели: "],
  addRow: ["Add a row",
    "Добавить строку"],
  addValue: ["Add the value",
    "Добавить значение"],
  newValue: [a => "a new value of " + a[0],
    a => "новое значение " + a[0]],
  addedValue: ["new",
    "новое"],
  removeRow: ["remove this row",
    "удалить строку"],
  tablesAsWritten: ["This amendment's table changes (new input values among them) stay as written in its YAML below: edit them there.",
    "Изменения таблиц в этой поправке (в том числе новые значения входов) остаются в её YAML ниже: правьте их там."],
  download: ["Download",
    "Скачать"],
  share: ["Copy a link to this amendment",
    "Скопировать ссылку на поправку"],
  upload: ["Upload",
    "Загрузить"],
  whatItChanges: ["What it changes",
    "Что она меняет"],
  print: ["Print the answer",
    "Напечатать ответ"],
  downloadAnswer: ["Download the answer (JSON)",
    "Скачать ответ (JSON)"],
  nothingYet: ["Nothing evaluated yet.",
    "Пока ничего не оценено."],
  compare: ["Compare two amendments",
    "Сравнить две поправки"],
  compareHint: ["Each is evaluated as rulespec amend evaluates it; the answers stand side by side.",
    "Каждая оценивается, как её оценивает rulespec amend; ответы стоят рядом."],
  compareRun: ["Compare",
    "Сравнить"],
  editorsAmendment: ["the editor's amendment",
    "поправка из редактора"],
  legend: ["Colours of the first line: green, the amendment adds no inconsistency; red, it adds one; amber, it is not fully evaluated. The second line is the codex as written, whatever the amendment.",
    "Цвет первой строки: зелёный — поправка не добавляет противоречий; красный — добавляет; жёлтый — оценена не полностью. Вторая строка говорит о кодексе в нынешней редакции, независимо от поправки."],
  codexConflicts: ["Conflicts the codex as written already has",
    "Противоречия, которые уже есть в кодексе в нынешней редакции"],
  noCodexConflicts: ["None.",
    "Нет."],
  whatItSets: ["What it sets",
    "Что она устанавливает"],
  namedByIt: ["named by the amendment",
    "названа в поправке"],
  replacedStatements: ["Statements it replaces",
    "Формулировки, которые она заменяет"],
  asWritten: ["as written",
    "в нынешней редакции"],
  amended: ["amended",
    "в редакции поправки"],
  reword: ["Articles you must reword",
    "Статьи, которые нужно переформулировать"],
  rewordNone: ["None: no claim, example or figure of the codex as written is made false by the amendment.",
    "Нет: поправка не делает ложным ни одно утверждение, пример или число кодекса."],
  inconsistencies: ["Inconsistencies the amendment adds",
    "Противоречия, которые добавляет поправка"],
  counterexample: ["counterexample",
    "контрпример"],
  whyItFails: ["why it fails",
    "почему не выполняется"],
  appear: ["Findings that appear",
    "Новые находки"],
  resolved: ["Findings resolved",
    "Снятые находки"],
  notEvaluated: ["Findings not evaluated on the amended codex",
    "Находки, не оценённые на изменённом кодексе"],
  casesOutcome: ["Cases whose outcome changes",
    "Случаи, исход которых меняется"],
  casesLabel: ["Cases whose outcome stays (only a label changes)",
    "Случаи, исход которых прежний (меняется лишь название)"],
  expectedStill: ["The expectation written for the codex as written still holds.",
    "Ожидание, записанное для нынешней редакции, выполняется."],
  expectedOtherwise: ["The codex as written expected otherwise.",
    "Нынешняя редакция ожидала иного."],
  position: ["the position",
    "позиция"],
  resultAsWritten: ["as written",
    "в нынешней редакции"],
  resultAmended: ["under the amendment",
    "по поправке"],
  fieldsDiffer: ["the fields that differ",
    "поля, которые различаются"],
  answerField: ["answer",
    "ответ"],
  before: ["before",
    "до"],
  after: ["after",
    "после"],
  itemsRun: [n => n[0] + " of " + n[1] + " items run again under the amendment",
    n => n[0] + " из " + n[1] + " проверок выполнены заново под поправкой"],
  otherNotes: ["Also",
    "Также"],
  problems: ["Problems",
    "Проблемы"],
  unexercised: ["Properties with nothing left to test",
    "Свойства, которым нечего проверять"],
  unhandled: ["Settings the models do not execute",
    "Параметры, которые модели не исполняют"],
  notSwitchable: ["Removed clauses the models still apply",
    "Удалённые положения, которые модели всё ещё применяют"],
  unexercisedSettings: ["Settings no case exercises",
    "Параметры, которые не проверяет ни один случай"],
  notEvaluatedYet: ["Not evaluated: ",
    "Не оценено: "],
  proposeFix: ["Propose a fix",
    "Предложить исправление"],
  loadProposal: [n => "Load proposal " + n + " into the editor",
    n => "Загрузить предложение " + n + " в редактор"],
  repairWait: ["rulespec repair evaluates each reading and setting that might remove this finding; for some findings that takes a minute or two.",
    "rulespec repair оценивает каждое прочтение и параметр, которые могут снять эту находку; иногда это минута-две."],
  repairOutput: ["what rulespec repair printed",
    "что напечатал rulespec repair"],
  ruleText: ["the amended rule text",
    "текст правила в новой редакции"],
  changes: ["what it changes",
    "что меняет"],
  wholeArticle: ["whole article",
    "вся статья"],
  articleOf: ["Article",
    "Статья"],
  replaceStatement: ["Replace its statement",
    "Заменить формулировку"],
  replaceUse: ["Replace the statement in the amendment",
    "Заменить формулировку в поправке"],
  replaceKeep: ["Keep the statement as written",
    "Оставить формулировку как есть"],
  otherCodexClause: ["A clause of another codex: choose that codex above to amend it.",
    "Положение другого кодекса: выберите этот кодекс вверху, чтобы изменить его."],
  findingsCount: [n => n[0] + " of " + n[1] + " findings cite " + n[2],
    n => n[0] + " из " + n[1] + " находок ссылаются на " + n[2]],
  allFindings: [n => "all " + n[0] + " findings",
    n => "все " + n[0] + " находок"],
  cites: ["cites ",
    "ссылается на "],
  linkCopied: ["A link that reopens this amendment and evaluates it:",
    "Ссылка, которая откроет эту поправку и оценит её:"],
  matches: [n => n[0] + " clauses match",
    n => "совпадений: " + n[0]],
  rowText: [a => "A new row of the table " + a[0] + ": when " + a[1] + ", the outcome is " + a[2] + " (as " + a[3] + ", line " + a[4] + ", gives it elsewhere).",
    a => "Новая строка таблицы " + a[0] + ": при " + a[1] + " исход " + a[2] + " (как его даёт " + a[3] + ", строка " + a[4] + ")."],
  policyText: [a => "The table " + a[0] + " decides where its rows overlap by the first outcome of this order: " + a[1] + ".",
    a => "Таблица " + a[0] + " решает пересечение строк первым исходом в порядке: " + a[1] + "."],
  removedRowText: [a => "The row " + a[1] + " of the table " + a[0] + " is struck out: where it met another row, that row decides.",
    a => "Строка " + a[1] + " таблицы " + a[0] + " исключается: где она пересекалась с другой строкой, решает та."],
};
function w(key, ...args) {
  const both = WORDS[key];
  const v = lang === "ru" && both[1] != null ? both[1] : both[0];
  return typeof v === "function" ? v(args) : v;
}
// The headline in Russian, from the answer's data (the English is the CLI's own sentence).
function headlineRu(e) {
  const conflictsAdded = e.appear.filter(f => f.kind === "conflict").map(f => f.id);
  let first;
  if (e.amendment_verdict === "adds-inconsistency")
    first = "Поправка добавляет противоречия: " + [e.inconsistencies.length ? "перестают выполняться свойства: " + e.inconsistencies.length : "",
                                                   conflictsAdded.length ? "появляются конфликты: " + conflictsAdded.join(", ") : ""].filter(Boolean).join("; ") + ".";
  else if (e.amendment_verdict === "not-fully-evaluated")
    first = "Поправка не добавляет противоречий в том, что удалось оценить, но оценена не полностью: " + e.not_fully_evaluated_because.join("; ") + ".";
  else
    first = "Поправка не добавляет противоречий" + (e.resolved.length ? " и снимает находок: " + e.resolved.length : "") + ".";
  const second = e.conflicts.length
    ? "Независимо от неё в кодексе в нынешней редакции уже есть собственные противоречия (" + e.conflicts.length + "), которые поправка оставляет: " + e.conflicts.map(f => f.id).join(", ") + "."
    : "В кодексе в нынешней редакции нет противоречий, которые находит проверка.";
  return [first, second];
}

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
// A diagram as the answer draws it, never smaller than 320 px and with its 11-px labels at 12 px
// or more.
function diagram(svgText) {
  if (!svgText) return null;
  const svg = document.importNode(new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement, true);
  const natural = Number(svg.getAttribute("width")) || 320;
  svg.style.width = Math.max(320, Math.ceil(natural * 12 / 11)) + "px";
  svg.style.height = "auto";
  return svg;
}
function yamlString(s) { return JSON.stringify(String(s)); }
// An identifier as the catalogs write it (tie_winner: none); anything else quoted.
function yamlScalar(s) {
  return /^[A-Za-z][A-Za-z0-9_.-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(s) ? s : yamlString(s);
}
function currentRuleset() { return current.rulesets.find(r => r.id === $("ruleset").value) || current.rulesets[0]; }
function amendmentId() { return $("amendment-id").value.trim() || current.id + "-proposal"; }
function buildYaml() {
  const rs = currentRuleset();
  const rulesets = loadedRulesets && loadedRulesets[0] === rs.id ? loadedRulesets : [rs.id];
  const lines = ["amendment:", "  id: " + amendmentId(), "  codex: " + current.id,
                 "  title: " + yamlString($("title").value), "  rationale: " + yamlString($("rationale").value),
                 "  source: " + yamlString($("source").value), "  rulesets: [" + rulesets.join(", ") + "]"];
  const set = [], readings = [];
  for (const input of document.querySelectorAll("#settings [data-param]")) {
    const p = current.params.find(x => x.id === input.dataset.param);
    const was = rs.params[p.id];
    let v = input.value;
    if (v === "" || String(was) === v) continue;
    if (p.type === "int" || p.type === "number") v = String(Number(v));
    else if (p.type === "bool") v = v === "true" ? "true" : "false";
    else v = yamlScalar(v);
    set.push("  " + p.id + ": " + v);
  }
  for (const sel of document.querySelectorAll("#settings [data-clause]"))
    if (sel.value !== rs.readings[sel.dataset.clause]) readings.push("  " + sel.dataset.clause + ": " + sel.value);
  if (set.length) lines.push("params:", ...set);
  if (readings.length) lines.push("readings:", ...readings);
  lines.push(...decisionsYaml());
  const replacements = [...replaced].filter(([id]) => current.clauses.some(c => c.id === id));
  if (replacements.length) {
    lines.push("replace_clauses:");
    for (const [id, text] of replacements) lines.push("  - id: " + id, "    statement: " + yamlString(text));
  }
  return lines.join("\n") + "\n" + extraYaml;
}
function refreshYaml() { if (!edited) $("yaml").value = buildYaml(); }

// The decision-table editor: rows as the catalog writes them (when and outcome as YAML flow
// text), compared with the table as written to give add_rows, replace_rows and remove_rows.
function originalTable(id) { return (current.decisions || []).find(t => t.id === id); }
function sameRow(a, b) {
  return a.id === b.id && a.when === b.when && a.outcome === b.outcome && a.clause === b.clause && Number(a.line) === Number(b.line);
}
function rowYaml(r) {
  return "{id: " + yamlScalar(r.id) + ", when: " + (r.when.trim() || "{}") + ", outcome: " + (r.outcome.trim() || '""') +
         ", clause: " + yamlScalar(r.clause) + ", line: " + (Number(r.line) || 0) + "}";
}
function decisionsYaml() {
  if (tablesAsWritten) return [];
  const out = [];
  for (const [id, edit] of tableEdits) {
    const t = originalTable(id);
    if (!t) continue;
    const entry = [];
    const added_values = Object.entries(edit.addValues).filter(([, vs]) => vs.length);
    if (added_values.length)
      entry.push("    add_values: {" + added_values.map(([name, vs]) => name + ": [" + vs.map(yamlScalar).join(", ") + "]").join(", ") + "}");
    if (edit.policy !== t.policy || (edit.policy === "priority" && edit.order.join() !== t.order.join())) {
      entry.push("    policy: " + edit.policy);
      if (edit.policy === "priority") entry.push("    order: [" + edit.order.map(yamlScalar).join(", ") + "]");
    }
    const ids = new Set(edit.rows.map(r => r.id));
    const added = edit.rows.filter(r => !t.rows.some(o => o.id === r.id));
    const changed = edit.rows.filter(r => { const o = t.rows.find(x => x.id === r.id); return o && !sameRow(o, r); });
    const removed = t.rows.filter(o => !ids.has(o.id)).map(o => o.id);
    if (added.length) entry.push("    add_rows:", ...added.map(r => "      - " + rowYaml(r)));
    if (changed.length) entry.push("    replace_rows:", ...changed.map(r => "      - " + rowYaml(r)));
    if (removed.length) entry.push("    remove_rows: [" + removed.join(", ") + "]");
    if (entry.length) out.push("  - id: " + id, ...entry);
  }
  return out.length ? ["decisions:", ...out] : [];
}
function editOf(id) {
  if (!tableEdits.has(id)) {
    const t = originalTable(id);
    tableEdits.set(id, {policy: t.policy, order: [...t.order], rows: t.rows.map(r => ({...r})), addValues: {}});
  }
  return tableEdits.get(id);
}
// A loaded amendment's table edits applied to the tables as written.
function loadTableEdits(decisions) {
  tableEdits.clear();
  for (const d of decisions || []) {
    if (!originalTable(d.id)) continue;
    const edit = editOf(d.id);
    edit.rows = edit.rows.filter(r => !d.remove_rows.includes(r.id))
                         .map(r => ({...(d.replace_rows.find(x => x.id === r.id) || r)}));
    for (const r of d.add_rows) edit.rows.push({...r});
    if (d.policy) edit.policy = d.policy;
    if (d.order) edit.order = [...d.order];
    for (const [name, vs] of Object.entries(d.add_values || {})) edit.addValues[name] = [...vs];
  }
}
function showTables() {
  const box = $("tables");
  box.replaceChildren();
  const tables = current.decisions || [];
  if (!tables.length) return;
  const choice = el("select", {id: "table-choice"});
  choice.append(el("option", {value: "", text: w("chooseTable")}));
  for (const t of tables) choice.append(el("option", {value: t.id, text: t.id}));
  choice.addEventListener("change", () => showTable(choice.value));
  box.append(el("h3", {text: w("tablesHeading")}), el("p", {class: "muted", text: w("tablesHint")}), choice, el("div", {id: "table-grid"}));
  const first = [...tableEdits.keys()].find(id => originalTable(id));
  if (first) { choice.value = first; showTable(first); }
}
function showTable(id) {
  const grid = $("table-grid");
  grid.replaceChildren();
  if (!id) return;
  const t = originalTable(id), edit = editOf(id);
  const changed = () => { edited = false; refreshYaml(); };
  if (tablesAsWritten) grid.append(el("p", {id: "tables-as-written", class: "muted", text: w("tablesAsWritten")}));
  grid.append(el("p", {class: "muted", text: t.topic}),
              el("p", {class: "muted", id: "table-inputs", text: w("tableInputs") + ": " + t.inputs.map(i => i.name + " = " +
                (i.values ? [...i.values, ...(edit.addValues[i.name] || []).map(v => v + " (" + w("addedValue") + ")")].join(" | ")
                          : i.range[0] + ".." + i.range[1]) +
                (i.param ? " (" + w("inputOfParam") + " " + i.param + ")" : i.reading ? " (" + w("inputOfReading") + " " + i.reading + ")" : "")).join("; ")}),
              el("p", {class: "muted", text: t.consulted_by.length ? w("consultedBy") + t.consulted_by.join(", ")
                : (t.executed_through || []).length ? w("executedThrough") + t.executed_through.join(", ") : w("notConsulted")}));
  const policy = el("select", {id: "table-policy"});
  for (const p of ["any", "unique", "first", "priority"]) policy.append(el("option", {value: p, text: p}));
  policy.value = edit.policy;
  const order = el("input", {id: "table-order", size: "50", value: edit.order.join(", ")});
  policy.addEventListener("change", () => { edit.policy = policy.value; changed(); });
  order.addEventListener("input", () => { edit.order = order.value.split(",").map(x => x.trim()).filter(Boolean); changed(); });
  grid.append(el("label", {}, w("tablePolicy") + " ", policy), " ", el("label", {}, w("tableOrder") + " ", order));
  const table = el("table", {class: "decision-table", "data-table": id});
  table.append(el("tr", {}, ...["id", "when", "outcome", "clause", "line", ""].map(h => el("th", {text: h}))));
  for (const r of edit.rows) {
    const tr = el("tr", {"data-row": r.id});
    for (const field of ["id", "when", "outcome", "clause", "line"]) {
      const input = el("input", {"data-field": field, value: String(r[field]), size: field === "when" ? "44" : field === "line" ? "4" : "18"});
      input.disabled = tablesAsWritten;
      input.addEventListener("input", () => { r[field] = field === "line" ? Number(input.value) : input.value; changed(); });
      tr.append(el("td", {}, input));
    }
    const remove = el("button", {class: "remove-row", text: "\u00d7", title: w("removeRow")});
    remove.disabled = tablesAsWritten;
    remove.addEventListener("click", () => { edit.rows.splice(edit.rows.indexOf(r), 1); showTable(id); changed(); });
    tr.append(el("td", {}, remove));
    table.append(tr);
  }
  const add = el("button", {id: "add-row", text: w("addRow")});
  add.disabled = tablesAsWritten;
  policy.disabled = order.disabled = tablesAsWritten;
  add.addEventListener("click", () => {
    const last = edit.rows[edit.rows.length - 1] || {clause: "", line: 0};
    edit.rows.push({id: "new-row-" + (edit.rows.length + 1), when: "{}", outcome: "", clause: last.clause, line: last.line});
    showTable(id);
    changed();
  });
  grid.append(table, add);
  // A new value of an enum input (an event the text did not foresee): the rows may then use it.
  const enums = t.inputs.filter(i => i.values && !i.reading && !i.param);
  if (enums.length) {
    const which = el("select", {id: "add-value-input"});
    for (const i of enums) which.append(el("option", {value: i.name, text: i.name}));
    const value = el("input", {id: "add-value-text", size: "24", placeholder: w("newValue", enums[0].name)});
    which.addEventListener("change", () => { value.placeholder = w("newValue", which.value); });
    const button = el("button", {id: "add-value", text: w("addValue")});
    which.disabled = value.disabled = button.disabled = tablesAsWritten;
    button.addEventListener("click", () => {
      const v = value.value.trim();
      const input = t.inputs.find(i => i.name === which.value);
      if (!v || !input || input.values.includes(v) || (edit.addValues[input.name] || []).includes(v)) return;
      (edit.addValues[input.name] = edit.addValues[input.name] || []).push(v);
      showTable(id);
      changed();
    });
    grid.append(el("div", {}, which, " ", value, " ", button));
  }
}
function showSettings(values) {
  const rs = currentRuleset(), box = $("settings");
  box.replaceChildren();
  const table = el("table", {class: "settings"});
  for (const p of current.params) {
    if (!(p.id in rs.params)) continue;
    let input;
    if (p.values || p.type === "bool") {
      input = el("select", {"data-param": p.id});
      for (const v of (p.values || ["true", "false"])) input.append(el("option", {value: String(v), text: String(v)}));
    } else {
      input = el("input", {"data-param": p.id, type: p.type === "string" ? "text" : "number", size: "8"});
      if (p.domain) { input.min = p.domain.min; input.max = p.domain.max; input.step = p.domain.step ? p.domain.step : "any"; }
    }
    input.value = String(values && p.id in values.params ? values.params[p.id] : rs.params[p.id]);
    input.addEventListener("change", () => { edited = false; refreshYaml(); });
    const domain = p.values ? p.values.join(" | ") : p.domain ? p.domain.min + ".." + p.domain.max + (p.domain.step ? " step " + p.domain.step : "") : p.type;
    table.append(el("tr", {}, el("td", {}, el("code", {text: p.id})), el("td", {}, input), el("td", {class: "muted", text: domain + " - " + p.statement})));
  }
  for (const c of current.clauses) {
    if (!c.readings || c.readings.length < 2) continue;
    const sel = el("select", {"data-clause": c.id});
    for (const r of c.readings) sel.append(el("option", {value: r.id, text: r.id + (r.unusual ? " (unusual)" : r.proposal ? " (proposal)" : "")}));
    sel.value = values && c.id in values.readings ? values.readings[c.id] : rs.readings[c.id];
    sel.addEventListener("change", () => { edited = false; refreshYaml(); });
    table.append(el("tr", {}, el("td", {}, el("code", {text: c.id})), el("td", {}, sel), el("td", {class: "muted", text: "reading of " + c.ref})));
  }
  box.append(table);
  refreshYaml();
}
// The article a clause belongs to: "Ch. I Art. 7" of "Ch. I Art. 7 §2", else the ref up to its
// first comma (a section of a text without articles).
function articleOf(ref) {
  const m = ref.match(/^(.*?Art\. \d+)/);
  return m ? m[1] : ref.split(",")[0];
}
function clauseLink(c) {
  const a = el("a", {text: c.id, title: c.ref + ": " + c.statement});
  a.addEventListener("click", () => showClause(c.id));
  return a;
}
function showClauseList() {
  const box = $("clauses"), q = $("clause-search").value.trim().toLowerCase();
  box.replaceChildren();
  box.classList.remove("muted");
  if (q) {
    // An id, words of the statement, or an article number ("7 §2", "Art. 7") all find a clause.
    const words = q.split(/\s+/);
    const hits = current.clauses.filter(c => {
      const hay = (c.id + " " + c.ref + " " + c.statement + " " + c.topic).toLowerCase();
      return words.every(x => hay.includes(x));
    });
    box.append(el("p", {class: "muted", id: "clause-matches", text: w("matches", hits.length)}));
    for (const c of hits) box.append(clauseLink(c));
    return;
  }
  const topics = new Map();
  for (const c of current.clauses) { if (!topics.has(c.topic)) topics.set(c.topic, []); topics.get(c.topic).push(c); }
  for (const [topic, list] of topics) {
    const d = el("details", {}, el("summary", {text: topic + " (" + list.length + ")"}));
    for (const c of list) d.append(clauseLink(c));
    box.append(d);
  }
}
function showCodex(id, values) {
  current = codices.find(c => c.id === id);
  $("codex").value = id;
  $("ruleset").replaceChildren(...current.rulesets.map(r => el("option", {value: r.id, text: r.id})));
  if (values && values.rulesets && values.rulesets.length) $("ruleset").value = values.rulesets[0];
  if (!values) { $("amendment-id").value = current.id + "-proposal"; extraYaml = ""; loadedRulesets = null; replaced.clear(); tableEdits.clear(); tablesAsWritten = false; }
  showClauseList();
  edited = false;
  showTables();
  showSettings(values);
  fillCompareChoices();
}
// Each opening of the clause view takes a number; an answer that arrives after a later opening
// began is dropped, so two quick clicks never leave the first clause shown over the second.
let clauseViewOpening = 0;
async function showClause(id) {
  shownClause = id;
  const opening = ++clauseViewOpening;
  const {status, body} = await api("/api/clauses/" + encodeURIComponent(id));
  if (opening !== clauseViewOpening) return;
  const view = $("clause-view");
  view.replaceChildren(el("h2", {text: "Clause " + id}));
  if (status !== 200) { view.append(el("div", {class: "error", text: body.error.message})); return; }
  const article = articleOf(body.ref);
  const whole = el("a", {class: "article", id: "article-link", text: w("wholeArticle") + ": " + article});
  whole.addEventListener("click", () => showArticle(body.id.split(".")[0] === current.id ? current : codices.find(c => c.clauses.some(x => x.id === id)), article));
  view.append(el("p", {class: "muted", text: body.ref + " - " + body.topic + ", " + body.kind + ", " + body.status + " "}, whole), el("p", {text: body.statement}));
  for (const r of body.readings || []) view.append(el("div", {class: "reading"}, el("b", {text: r.id + ": "}), r.statement));
  const text = el("textarea", {id: "replace-statement", rows: "3"});
  text.value = replaced.get(id) || body.statement;
  const use = el("button", {id: "replace-use", text: w("replaceUse")});
  use.addEventListener("click", () => { replaced.set(id, text.value); edited = false; refreshYaml(); });
  const drop = el("button", {text: w("replaceKeep")});
  drop.addEventListener("click", () => { replaced.delete(id); text.value = body.statement; edited = false; refreshYaml(); });
  if (current.clauses.some(c => c.id === id)) view.append(el("details", {}, el("summary", {text: w("replaceStatement")}), text, use, drop));
  else view.append(el("p", {class: "muted", text: w("otherCodexClause")}));
  if (body.source.lines.length) {
    const src = el("div", {class: "source", lang: "ru"});
    for (const l of body.source.lines) src.append(el("span", {class: "n", text: l.line}), l.text + "\n");
    view.append(el("h3", {text: body.source.file}), src);
  }
}
// Every clause of one article, with the source lines they cite together.
async function showArticle(codex, article) {
  const opening = ++clauseViewOpening;
  const view = $("clause-view");
  const members = codex.clauses.filter(c => articleOf(c.ref) === article);
  view.replaceChildren(el("h2", {id: "article-heading", text: w("articleOf") + ": " + article + " (" + codex.id + ")"}));
  const lines = new Map();
  let file = "";
  for (const c of members) {
    const {status, body} = await api("/api/clauses/" + encodeURIComponent(c.id));
    if (opening !== clauseViewOpening) return;
    const item = el("div", {class: "article-clause"}, el("b", {text: c.ref + " "}), clauseLink(c), el("div", {text: c.statement}));
    view.append(item);
    if (status !== 200) continue;
    file = body.source.file;
    for (const l of body.source.lines) lines.set(l.line, l.text);
  }
  if (lines.size) {
    const src = el("div", {class: "source", lang: "ru", id: "article-source"});
    for (const n of [...lines.keys()].sort((a, b) => a - b)) src.append(el("span", {class: "n", text: n}), lines.get(n) + "\n");
    view.append(el("h3", {text: file}), src);
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
    const field = key && (document.querySelector("#settings [data-param=\"" + key + "\"]") || document.querySelector("#settings [data-clause=\"" + key + "\"]") ||
                          (["title", "rationale", "source"].includes(key) ? $(key) : key === "id" ? $("amendment-id") : null));
    if (field) field.after(el("span", {class: "field-error", text: "line " + e.line + ":" + e.col + ": " + e.message}));
  }
}
// An amendment's YAML into the form (the server parses it as rulespec does): the form then holds
// it, and later edits of the form change it rather than drop it.
async function loadYaml(yaml) {
  const {status, body} = await api("/api/amendment-form", yaml);
  if (status !== 200) {
    edited = true;
    $("yaml").value = yaml;
    showError($("yaml-error"), body.error);
    showFieldErrors(body.errors || [body.error]);
    return false;
  }
  $("yaml-error").replaceChildren();
  showFieldErrors([]);
  $("amendment-id").value = body.id;
  $("title").value = body.title;
  $("rationale").value = body.rationale;
  $("source").value = body.source;
  extraYaml = body.extra;
  loadedRulesets = body.rulesets.length ? body.rulesets : null;
  replaced.clear();
  for (const [id, text] of Object.entries(body.replace_statements)) replaced.set(id, text);
  current = codices.find(c => c.id === body.codex);
  loadTableEdits(body.decisions);
  tablesAsWritten = /^decisions:/m.test(body.extra);
  showCodex(body.codex, body);
  return true;
}
async function evaluateYaml(yaml) {
  const {status, body} = await api("/api/amend", yaml);
  return {status, body};
}
async function evaluate() {
  $("yaml-error").replaceChildren();
  $("progress").replaceChildren(el("div", {class: "progress"}, el("div", {})));
  $("evaluate").disabled = true;
  try {
    const {status, body} = await evaluateYaml($("yaml").value);
    showFieldErrors([]);
    if (status !== 200) {
      showError($("yaml-error"), body.error);
      showFieldErrors(body.errors || [body.error]);
      $("result").replaceChildren(el("p", {class: "muted", text: w("notEvaluatedYet") + body.error.message}));
      return;
    }
    lastAnswer = body;
    showResult(body, $("result"));
  } finally {
    $("progress").replaceChildren();
    $("evaluate").disabled = false;
  }
}
// The server evaluated the text as amendment.yaml; a reader replays it with the file Download gives.
function downloadName() { return amendmentId() + ".yaml"; }
function replayText(replay) { return replay.replace(/--amendment amendment\.yaml$/, "--amendment " + downloadName()); }
function changedFields(c) {
  const t = el("table", {class: "fields"}, el("tr", {}, el("th", {text: w("answerField")}), el("th", {text: w("before")}), el("th", {text: w("after")})));
  for (const f of c.fields || []) t.append(el("tr", {}, el("td", {text: f.path}), el("td", {text: f.before}), el("td", {text: f.after})));
  return el("details", {class: "no-print"}, el("summary", {class: "muted", text: w("fieldsDiffer")}), t);
}
function findingItem(f) {
  const d = el("li", {class: "finding", "data-finding-id": f.id}, el("b", {text: f.id}), " (" + f.kind + ", " + f.severity + "): " + f.summary);
  if (f.clauses.length) {
    const ul = el("ul", {});
    for (const c of f.clauses) ul.append(el("li", {}, el("code", {text: c.id}), ": " + c.statement));
    d.append(ul);
  }
  if (f.why_not_evaluated) d.append(el("div", {class: "muted", text: "not evaluated: " + f.why_not_evaluated}));
  return d;
}
function caseBlock(c) {
  const figures = el("div", {class: "diagrams"});
  if (c.svg) figures.append(el("figure", {}, diagram(c.svg), el("figcaption", {text: w("position")})));
  for (const [svg, caption] of [[c.svg_result_before, w("resultAsWritten")], [c.svg_result_after, w("resultAmended")]])
    if (svg) figures.append(el("figure", {}, diagram(svg), el("figcaption", {text: caption})));
  return el("div", {class: "case", "data-case": c.case, "data-ruleset": c.ruleset},
    figures.childElementCount ? figures : null,
    el("b", {text: c.case}), " [" + c.ruleset + "]" + (c.topic ? " - " + c.topic : ""),
    el("p", {class: "sentence", text: c.sentence}),
    c.label_only ? null : el("div", {class: "expectation", text: c.expected_after ? w("expectedStill") : w("expectedOtherwise")}),
    changedFields(c),
    el("div", {class: "replay", text: replayText(c.replay)}));
}
function showResult(e, box) {
  box.classList.remove("muted");
  const headline = lang === "ru" ? headlineRu(e) : e.headline;
  box.replaceChildren(el("div", {id: "headline"},
    el("p", {id: "headline-amendment", class: "verdict " + e.amendment_verdict, text: headline[0]}),
    el("p", {id: "headline-codex", class: "codex-part", text: headline[1]}),
    el("p", {id: "legend", class: "muted", text: w("legend")})));
  for (const s of e.summary.slice(2)) box.append(el("p", {class: "summary-line", text: s}));

  box.append(el("h3", {id: "codex-conflicts", text: w("codexConflicts") + " (" + e.conflicts.length + ")"}));
  if (e.conflicts.length) box.append(el("ul", {id: "codex-conflict-list"}, ...e.conflicts.map(findingItem)));
  else box.append(el("p", {class: "muted", text: w("noCodexConflicts")}));

  box.append(el("h3", {text: w("whatItSets")}));
  const sets = el("ul", {id: "rulesets"});
  for (const r of e.rulesets) sets.append(el("li", {"data-ruleset": r.ruleset}, el("b", {text: r.ruleset}), " (" + r.why + "): " + r.changes.join("; ")));
  for (const c of e.clauses_changed) sets.append(el("li", {text: c}));
  for (const x of e.executed_as) sets.append(el("li", {class: "muted", text: x}));
  box.append(sets);

  if (e.replaced.length) {
    box.append(el("h3", {text: w("replacedStatements")}));
    const t = el("table", {class: "replaced", id: "replaced"}, el("tr", {}, el("th", {text: "clause"}), el("th", {text: w("asWritten")}), el("th", {text: w("amended")})));
    for (const r of e.replaced)
      t.append(el("tr", {}, el("td", {}, el("code", {text: r.clause}), el("div", {class: "muted", text: r.ref})), el("td", {class: "old", text: r.before}), el("td", {class: "new", text: r.after})));
    box.append(t);
  }

  box.append(el("h3", {id: "reword-heading", text: w("reword") + " (" + e.reword.length + ")"}));
  if (!e.reword.length) box.append(el("p", {class: "muted", text: w("rewordNone")}));
  else {
    const ul = el("ul", {class: "reword", id: "reword"});
    for (const r of e.reword) {
      const lines = r.lines[0] ? (r.lines[0] === r.lines[1] ? "line " + r.lines[0] : "lines " + r.lines[0] + "-" + r.lines[1]) : "";
      ul.append(el("li", {"data-clause": r.clause}, el("b", {text: r.ref}), " (" + r.clause + (lines ? ", " + lines : "") + "): " + r.statement,
                   el("ul", {class: "why"}, ...r.why.map(x => el("li", {text: x})))));
    }
    box.append(ul);
  }

  if (e.inconsistencies.length) {
    box.append(el("h3", {text: w("inconsistencies") + " (" + e.inconsistencies.length + ")"}));
    for (const i of e.inconsistencies)
      box.append(el("div", {class: "inconsistency"}, diagram(i.svg), el("b", {text: i.sentence}), el("div", {class: "muted", text: i.property + " - " + i.rulesets.join(", ")}),
                    el("div", {}, w("counterexample") + ": " + i.counterexample), i.because ? el("div", {}, w("whyItFails") + ": " + i.because) : null,
                    el("div", {class: "replay", text: replayText(i.replay)})));
  }
  for (const [key, list] of [["appear", e.appear], ["resolved", e.resolved], ["notEvaluated", e.not_evaluated]])
    if (list.length) box.append(el("h3", {text: w(key) + " (" + list.length + ")"}), el("ul", {}, ...list.map(findingItem)));

  const outcomes = e.cases.filter(c => !c.label_only), labels = e.cases.filter(c => c.label_only);
  box.append(el("h3", {id: "cases-outcome", text: w("casesOutcome") + " (" + outcomes.length + ")"}));
  for (const c of outcomes) box.append(caseBlock(c));
  if (labels.length) {
    const d = el("details", {id: "cases-label"}, el("summary", {text: w("casesLabel") + " (" + labels.length + ")"}));
    for (const c of labels) d.append(caseBlock(c));
    box.append(d);
  }
  const notes = [["unhandled", e.unhandled], ["notSwitchable", e.not_switchable], ["unexercisedSettings", e.unexercised_settings],
                 ["unexercised", e.unexercised.map(u => u.property + ": " + u.detail)], ["problems", e.problems]];
  for (const [key, list] of notes)
    if (list.length) box.append(el("h3", {text: w(key) + " (" + list.length + ")"}), el("ul", {}, ...list.map(x => el("li", {text: x}))));
  box.append(el("p", {class: "muted", text: w("itemsRun", e.items_run, e.items)}));
}
// Propose a fix: each proposal as a card, its changes in words, and a Load button that puts it in
// the form (so that it survives later edits of the form).
async function proposeFix(id, box) {
  box.replaceChildren(el("div", {class: "progress"}, el("div", {})), el("div", {class: "muted", text: w("repairWait")}));
  const {status, body} = await api("/api/repair", JSON.stringify({finding: id}));
  if (status !== 200) { showError(box, body.error); return; }
  box.replaceChildren();
  for (const p of body.proposals) {
    const card = el("div", {class: "card", "data-proposal": p.rank});
    const form = await api("/api/amendment-form", p.yaml);
    if (form.status === 200) {
      const f = form.body;
      card.append(el("b", {text: p.rank + ". " + f.title}), el("div", {class: "muted", text: f.rationale}));
      const codex = codices.find(c => c.id === f.codex);
      const changes = [...Object.entries(f.params).map(([k, v]) => k + ": " + v), ...Object.entries(f.readings).map(([k, v]) => k + ": " + v)];
      if (changes.length) card.append(el("div", {}, w("changes") + ": " + changes.join("; ")));
      // The text a committee would adopt: a replaced statement as the proposal words it, or the
      // statement of the reading it takes, under the article it amends.
      const texts = Object.entries(f.replace_statements).map(([cid, text]) => [cid, text]);
      for (const [cid, reading] of Object.entries(f.readings)) {
        const clause = codex && codex.clauses.find(c => c.id === cid);
        const r = clause && (clause.readings || []).find(x => x.id === reading);
        if (r && !f.replace_statements[cid]) texts.push([cid, r.statement]);
      }
      for (const [cid, text] of texts) {
        const clause = codex && codex.clauses.find(c => c.id === cid);
        card.append(el("div", {class: "muted", text: w("ruleText") + " - " + (clause ? clause.ref : cid) + ":"}), el("div", {class: "rule-text", text: text}));
      }
      // A table change: the row it adds or the order it sets, as a rule.
      for (const d of f.decisions || []) {
        for (const r of [...d.add_rows, ...d.replace_rows])
          card.append(el("div", {class: "rule-text", "data-table": d.id, text: w("rowText", d.id, r.when, r.outcome, r.clause, r.line)}));
        if (d.policy) card.append(el("div", {class: "rule-text", "data-table": d.id, text: w("policyText", d.id, (d.order || [d.policy]).join(", "))}));
        for (const id of d.remove_rows || []) card.append(el("div", {class: "rule-text", "data-table": d.id, text: w("removedRowText", d.id, id)}));
      }
      for (const [k, v] of Object.entries(f.params)) {
        const p = codex && codex.params.find(x => x.id === k);
        if (p) card.append(el("div", {class: "muted", text: k + " = " + v + ": " + p.statement}));
      }
    }
    const b = el("button", {text: w("loadProposal", p.rank)});
    b.addEventListener("click", async () => { await loadYaml(p.yaml); $("yaml").scrollIntoView(); });
    card.append(b);
    box.append(card);
  }
  // No proposal: what the fix needs, in repair's own words, first.
  const needs = body.text.split("\n").find(l => l.includes("The fix needs "));
  if (!body.proposals.length && needs) box.append(el("div", {class: "card needs", text: needs.trim()}));
  box.append(el("details", {class: "muted"}, el("summary", {text: w("repairOutput")}), el("pre", {text: body.text})));
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
                               text: all ? w("allFindings", findings.length) : w("findingsCount", shown.length, findings.length, current.id)}));
  box.classList.remove("muted");
  for (const f of shown) {
    const fix = el("div", {});
    const cites = el("div", {class: "muted"}, w("cites"));
    f.clauses.forEach((id, k) => {
      const a = el("a", {class: "cite", text: id});
      a.addEventListener("click", () => showClause(id));
      cites.append(k ? ", " : "", a);
    });
    const svg = f.svg ? document.importNode(new DOMParser().parseFromString(f.svg, "image/svg+xml").documentElement, true) : null;
    if (svg) { svg.style.maxWidth = "220px"; svg.style.height = "auto"; }
    const d = el("details", {class: "finding", "data-finding": f.id}, el("summary", {text: f.id + " (" + f.severity + ")"}), svg, el("div", {text: f.summary}), cites);
    if (f.severity === "defect" || f.severity === "wording") {
      const b = el("button", {text: w("proposeFix")});
      b.addEventListener("click", () => proposeFix(f.id, fix));
      d.append(b);
    }
    d.append(fix);
    box.append(d);
  }
}
// Compare: the editor's amendment or any shipped one, evaluated each, answered side by side.
let shipped = [];
function fillCompareChoices() {
  for (const [id, pick] of [["compare-a", 0], ["compare-b", 1]]) {
    const sel = $(id), was = sel.value;
    sel.replaceChildren(el("option", {value: "editor", text: w("editorsAmendment")}), ...shipped.map(a => el("option", {value: a.file, text: a.id + " (" + a.codex + ")"})));
    const mine = shipped.filter(a => current && a.codex === current.id);
    sel.value = was && [...sel.options].some(o => o.value === was) ? was : (mine[pick] || shipped[pick] || {file: "editor"}).file;
  }
}
function compareSide(title, e) {
  const side = el("div", {class: "side"}, el("h3", {text: title}));
  if (!e.headline) { side.append(el("div", {class: "error", text: e.error ? e.error.message : "no answer"})); return side; }
  const headline = lang === "ru" ? headlineRu(e) : e.headline;
  side.append(el("p", {class: "verdict " + e.amendment_verdict, text: headline[0]}), el("p", {class: "codex-part", text: headline[1]}));
  const outcomes = e.cases.filter(c => !c.label_only).length;
  const counts = el("table", {class: "counts"});
  for (const [k, v] of [[w("casesOutcome"), outcomes], [w("casesLabel"), e.cases.length - outcomes], [w("reword"), e.reword.length],
                        [w("inconsistencies"), e.inconsistencies.length], [w("appear"), e.appear.length], [w("resolved"), e.resolved.length]])
    counts.append(el("tr", {}, el("td", {text: k}), el("td", {text: String(v)})));
  side.append(counts);
  if (e.reword.length) side.append(el("div", {class: "muted", text: w("reword") + ": " + e.reword.map(r => r.ref).join("; ")}));
  return side;
}
async function compare() {
  const pick = async v => {
    if (v === "editor") return {title: amendmentId(), yaml: $("yaml").value};
    const a = shipped.find(x => x.file === v);
    return {title: a.id, yaml: a.yaml};
  };
  const sides = [await pick($("compare-a").value), await pick($("compare-b").value)];
  $("compare-progress").replaceChildren(el("div", {class: "progress"}, el("div", {})));
  $("compare-run").disabled = true;
  try {
    const answers = [];
    for (const s of sides) answers.push((await evaluateYaml(s.yaml)).body);
    $("compare-result").replaceChildren(...sides.map((s, k) => compareSide(s.title, answers[k])));
  } finally {
    $("compare-progress").replaceChildren();
    $("compare-run").disabled = false;
  }
}
function shareLink() {
  const bytes = new TextEncoder().encode($("yaml").value);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  const a = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return location.origin + location.pathname + location.search + "#" + (token ? "token=" + encodeURIComponent(token) + "&" : "") + "a=" + a;
}
function fromShared(a) {
  const bin = atob(a.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, ch => ch.charCodeAt(0)));
}
function download(name, text, type) {
  const a = el("a", {href: URL.createObjectURL(new Blob([text], {type})), download: name});
  document.body.append(a); a.click(); a.remove();
}

// The page's own words in its language.
document.documentElement.lang = lang;
for (const node of document.querySelectorAll("[data-w]")) node.textContent = w(node.dataset.w);
for (const node of document.querySelectorAll("[data-w-placeholder]")) node.placeholder = w(node.dataset.wPlaceholder);
document.title = w("title");
$("lang-switch").textContent = lang === "ru" ? "in English" : "по-русски";
$("lang-switch").href = "?lang=" + (lang === "ru" ? "en" : "ru") + location.hash;

$("codex").addEventListener("change", () => {
  showCodex($("codex").value);
  showFindings();
  // A clause shown from another codex's finding can now be amended.
  if (shownClause && current.clauses.some(c => c.id === shownClause)) showClause(shownClause);
});
$("clause-search").addEventListener("input", showClauseList);
$("all-findings").addEventListener("change", showFindings);
$("ruleset").addEventListener("change", () => { edited = false; loadedRulesets = null; showSettings(); });
for (const id of ["title", "rationale", "source", "amendment-id"]) $(id).addEventListener("input", () => { edited = false; refreshYaml(); });
$("yaml").addEventListener("input", () => { edited = true; });
// A YAML edited by hand is read back into the form once the reader leaves it, so that the form
// holds it too.
$("yaml").addEventListener("change", () => loadYaml($("yaml").value));
$("evaluate").addEventListener("click", evaluate);
$("download").addEventListener("click", () => download(downloadName(), $("yaml").value, "application/yaml"));
$("download-answer").addEventListener("click", () => { if (lastAnswer) download(amendmentId() + "-answer.json", JSON.stringify(lastAnswer, null, 2) + "\n", "application/json"); });
$("print").addEventListener("click", () => window.print());
$("share").addEventListener("click", async () => {
  const link = shareLink();
  $("share-link").replaceChildren(w("linkCopied") + " ", el("a", {id: "share-url", href: link, text: link}));
  try { await navigator.clipboard.writeText(link); } catch (e) { /* the link is shown for copying by hand */ }
});
$("compare-run").addEventListener("click", compare);
// A shared link opened in a tab already showing the page changes only its hash: open it afresh.
window.addEventListener("hashchange", () => { if (hashField("a")) location.reload(); });
$("upload").addEventListener("change", async ev => {
  const f = ev.target.files[0];
  if (f) await loadYaml(await f.text());
});
(async () => {
  const {status, body} = await api("/api/codices");
  if (status !== 200) { showError($("clauses"), body.error); return; }
  codices = body.codices;
  $("codex").replaceChildren(...codices.map(c => el("option", {value: c.id, title: c.title, text: c.id + " (" + c.game + ")"})));
  const list = await api("/api/amendments");
  if (list.status === 200) shipped = list.body.amendments;
  showCodex(codices[0].id);
  loadFindings();
  // A shared link: the amendment it carries, in the form, evaluated.
  const shared = hashField("a");
  if (shared && await loadYaml(fromShared(shared))) evaluate();
})();
