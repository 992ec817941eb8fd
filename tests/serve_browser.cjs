// The workbench as a committee uses it, in Debian's chromium driven over the DevTools protocol
// (puppeteer-core, installed into BUILD/node by make test): open the page, set jishogi's
// tie_winner to none, Evaluate, find the two 27:27 cases among the changes, Download the
// amendment and have `rulespec amend` accept the file; then a broken amendment, whose positioned
// error must show beside its field; the table editor adds a row to a decision table. No console
// message may appear. Screenshots go to
// BUILD/report/screenshots/serve-*.png.
//
// usage: node tests/serve_browser.cjs RULESPEC_SERVE RULESPEC BUILD_DIR
"use strict";
const path = require("path");
const fs = require("fs");
const os = require("os");
const { spawn, spawnSync } = require("child_process");

const [serveBin, rulespecBin, buildDir] = process.argv.slice(2);
const modules = path.resolve(buildDir, "node", "node_modules");
if (!fs.existsSync(path.join(modules, "puppeteer-core"))) {
  console.log(`FAIL puppeteer-core is not installed in ${modules}: make test installs it (npm ci from tests/browser/)`);
  process.exit(1);
}
const puppeteer = require(path.join(modules, "puppeteer-core"));

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures++;
    console.log("FAIL " + what);
  } else {
    console.log("ok   " + what);
  }
}

function startServer(workdir) {
  return new Promise((resolve, reject) => {
    const server = spawn(serveBin, ["--port", "0", "--workdir", workdir], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    server.stdout.on("data", (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ server, url: m[0] });
    });
    server.on("exit", (code) => reject(new Error("server exited " + code + ": " + text)));
    setTimeout(() => reject(new Error("no address from the server: " + text)), 20000);
  });
}

// Sets a form field as a reader does: its value, then the event the page listens for.
async function setField(page, selector, value) {
  await page.$eval(selector, (e, v) => {
    e.value = v;
    e.dispatchEvent(new Event(e.tagName === "SELECT" || e.type === "number" ? "change" : "input"));
  }, value);
}

// A fresh page on the 1985 Codex, its console messages and page errors collected in `messages`.
async function openOn1985(browser, url, messages) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  page.on("console", (m) => messages.push(m.type() + ": " + m.text()));
  page.on("pageerror", (e) => messages.push("pageerror: " + e.message));
  await page.goto(url, { waitUntil: "networkidle0" });
  await page.waitForSelector("#codex option[value=ru-go-1985]");
  await page.select("#codex", "ru-go-1985");
  return page;
}

// A shared link opened in a fresh page, once `selector` shows its amendment loaded (or evaluated).
async function openLink(browser, link, messages, selector) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  page.on("pageerror", (e) => messages.push("pageerror: " + e.message));
  await page.goto(link, { waitUntil: "networkidle0" });
  await page.waitForSelector(selector, { timeout: 120000 });
  return page;
}

// The committee's path with a superko-and-komi proposal for the 1985 codex: the two-part headline,
// the articles to reword, readable diagrams, printing, a shared link, a loaded proposal that
// survives a form edit, two shipped amendments compared, clause search, the article view, and the
// page in Russian.
async function committeePage(browser, url, downloads, shots) {
  const messages = [];
  const page = await openOn1985(browser, url, messages);
  await page.waitForSelector('[data-param="komi"]');
  await page.select("#ruleset", "ru-go-1985");
  await page.waitForSelector('[data-param="ko"]');
  await page.select('[data-param="ko"]', "positional-superko");
  await setField(page, '[data-param="komi"]', "6.5");
  await setField(page, "#amendment-id", "ru-go-1985-superko-komi");
  await setField(page, "#title", "Positional superko and komi 6.5");
  await setField(page, "#rationale", "Modern practice: superko ends every cycle; 6.5 points balance the first move");
  await setField(page, "#source", "go-codex-1985.ru.txt lines 44-48, 67-68");
  const yaml = await page.$eval("#yaml", (e) => e.value);
  check(yaml.includes("ko: positional-superko") && yaml.includes("komi: 6.5"), "the YAML holds both settings: " + yaml);
  await page.click("#evaluate");
  await page.waitForSelector("#headline-amendment", { timeout: 120000 });
  const first = await page.$eval("#headline-amendment", (e) => e.textContent);
  const second = await page.$eval("#headline-codex", (e) => e.textContent);
  const conflicts = await page.$$eval("#codex-conflict-list [data-finding-id]", (l) => l.map((e) => e.dataset.findingId));
  check(first.startsWith("The amendment adds no inconsistency"), "the headline says the amendment adds no inconsistency: " + first);
  check(conflicts.length > 0 && conflicts.every((id) => second.includes(id) && !first.includes(id)),
        "the codex's own conflicts are named apart, in the second part, and listed: " + second + " / " + conflicts.join(", "));
  const reword = await page.$eval('#reword li[data-clause="ru-go-1985.art7.p2"]', (e) => e.textContent).catch(() => "");
  check(/komi as 5\.5; the amendment sets 6\.5/.test(reword), "articles you must reword name Art. 7 §2's komi: " + reword);
  const rulesets = await page.$$eval("#rulesets [data-ruleset]", (l) => l.map((e) => e.textContent));
  check(rulesets.some((t) => t.includes("inherits it from ru-go-1985")), "the rulesets that inherit the change are shown: " + rulesets.length);
  const sentence = await page.$eval('[data-case="ru1985.komi.black-by-one"] .sentence', (e) => e.textContent).catch(() => "");
  check(sentence.includes("before, Black wins by 1; under the amendment, White wins by 0.5"), "a changed case reads as one sentence: " + sentence);
  const labelOnly = await page.$$eval("#cases-label [data-case]", (l) => l.map((e) => e.dataset.case));
  check(labelOnly.includes("go.board.ko-immediate-recapture"), "a case whose outcome stays (ko refused as superko) is counted apart");
  // Diagrams a reader can read at 1,400 px: at least 320 px wide, labels at 12 px or more.
  const sizes = await page.$$eval("#result .case svg", (l) => l.map((svg) => {
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    const fonts = [...svg.querySelectorAll("[font-size]")].map((n) => Number(n.getAttribute("font-size")));
    return { width: box.width, font: Math.min(...fonts) * scale };
  }));
  check(sizes.length > 0 && sizes.every((x) => x.width >= 320 && x.font >= 12),
        "every case diagram is at least 320 px wide with labels of 12 px or more: " + JSON.stringify(sizes.slice(0, 3)));
  await page.screenshot({ path: path.join(shots, "serve-committee.png"), fullPage: true });

  // Printing: the answer alone, as a report.
  await page.emulateMediaType("print");
  const printed = await page.evaluate(() => ({
    editor: getComputedStyle(document.getElementById("editor")).display,
    left: getComputedStyle(document.getElementById("left")).display,
    headline: getComputedStyle(document.getElementById("headline")).display,
  }));
  check(printed.editor === "none" && printed.left === "none" && printed.headline !== "none", "the print stylesheet keeps the answer alone: " + JSON.stringify(printed));
  await page.screenshot({ path: path.join(shots, "serve-print.png"), fullPage: true });
  const pdf = await page.pdf({ path: path.join(shots, "serve-answer.pdf"), format: "A4", printBackground: true });
  const pdfText = Buffer.from(pdf).toString("latin1");
  const pages = (pdfText.match(/\/Type\s*\/Page[^s]/g) || []).length;
  check(pdfText.startsWith("%PDF") && pages >= 2, "the answer prints to PDF (" + pages + " pages)");
  await page.emulateMediaType("screen");

  // A shared link reopens the same amendment and gives the same answer.
  await page.click("#share");
  const link = await page.$eval("#share-url", (e) => e.href);
  const shared = await openLink(browser, link, messages, "#headline-amendment");
  check((await shared.$eval("#headline-amendment", (e) => e.textContent)) === first &&
        (await shared.$eval("#yaml", (e) => e.value)) === yaml, "the shared link reopens the amendment and its answer");
  await shared.close();

  // Two shipped amendments side by side.
  await page.select("#compare-a", "spec/amendments/ru-go-1985-superko.yaml");
  await page.select("#compare-b", "spec/amendments/ru-go-1985-rank-rounding.yaml");
  await page.click("#compare-run");
  await page.waitForFunction(() => document.querySelectorAll("#compare-result .side .verdict").length === 2, { timeout: 120000 });
  const sides = await page.$$eval("#compare-result .side h3", (l) => l.map((e) => e.textContent));
  check(JSON.stringify(sides) === JSON.stringify(["ru-go-1985-superko", "ru-go-1985-rank-rounding"]), "the comparison shows both answers side by side: " + sides.join(" | "));
  await page.screenshot({ path: path.join(shots, "serve-compare.png"), fullPage: true });

  // Clause search by article number, and the article's view.
  await setField(page, "#clause-search", "Art. 7 §2");
  const hits = await page.$$eval("#clauses a", (l) => l.map((a) => a.textContent));
  check(hits.includes("ru-go-1985.art7.p2"), "searching 'Art. 7 §2' finds its clause: " + hits.join(", "));
  await page.evaluate(() => [...document.querySelectorAll("#clauses a")].find((a) => a.textContent === "ru-go-1985.art7.p2").click());
  await page.waitForSelector("#article-link", { timeout: 30000 });
  await page.click("#article-link");
  await page.waitForSelector("#article-source", { timeout: 20000 });
  const article = await page.$$eval("#clause-view .article-clause", (l) => l.length);
  check(article >= 2, "the whole article shows its clauses together with its source lines (" + article + ")");
  await setField(page, "#clause-search", "");

  // Propose a fix: a proposal loaded into the editor survives a later edit of the form.
  await page.click("#all-findings");
  const finding = "F-jishogi-jsa-2013-no-threshold";
  await page.waitForSelector(`#findings details[data-finding="${finding}"] button`);
  await page.$eval(`#findings details[data-finding="${finding}"]`, (d) => { d.open = true; });
  await page.click(`#findings details[data-finding="${finding}"] button`);
  await page.waitForSelector(`#findings details[data-finding="${finding}"] .card button`, { timeout: 300000 });
  await page.click(`#findings details[data-finding="${finding}"] .card button`);
  await page.waitForFunction(() => document.getElementById("codex").value === "jishogi", { timeout: 20000 });
  // The proposal's own settings (its params: and readings: lines, as the server kept them).
  const proposal = (await (await fetch(url + "api/repair", { method: "POST", body: JSON.stringify({ finding }) })).json()).proposals[0].yaml;
  const settings = [];
  let section = "";
  for (const line of proposal.split("\n")) {
    if (/^[a-z_]+:/.test(line)) section = line.split(":")[0];
    else if ((section === "params" || section === "readings") && /^  \S/.test(line)) settings.push(line);
  }
  const rulesetsLine = proposal.split("\n").find((l) => l.startsWith("  rulesets:"));
  await setField(page, "#title", "Our own title");
  const after = await page.$eval("#yaml", (e) => e.value);
  check(settings.length > 0 && settings.every((l) => after.includes(l)) && after.includes(rulesetsLine) && after.includes("Our own title"),
        "a loaded proposal survives a form edit: " + settings.join("; ") + " / " + after);
  await page.screenshot({ path: path.join(shots, "serve-proposal.png"), fullPage: true });
  check(messages.length === 0, "no console message on the committee's path: " + messages.join(" | "));
  await page.close();

  // The page in Russian.
  const ru = await browser.newPage();
  await ru.setViewport({ width: 1400, height: 1000 });
  await ru.goto(url + "?lang=ru", { waitUntil: "networkidle0" });
  const words = await ru.evaluate(() => [document.querySelector("header h1").textContent, document.getElementById("evaluate").textContent,
                                         document.querySelector("#compare h2").textContent, document.documentElement.lang]);
  check(words[0] === "rulespec: рабочее место комиссии" && words[1] === "Оценить" && words[2] === "Сравнить две поправки" && words[3] === "ru",
        "?lang=ru shows the page's own words in Russian: " + words.join(" | "));
  // The legend of the answer, in Russian too: evaluate the superko-and-komi proposal again there.
  await ru.goto(link.replace(url, url + "?lang=ru"), { waitUntil: "networkidle0" });
  await ru.waitForSelector("#legend", { timeout: 120000 });
  const legend = await ru.$eval("#legend", (e) => e.textContent);
  const ruHeadline = await ru.$eval("#headline-amendment", (e) => e.textContent);
  check(/^Цвет первой строки/.test(legend) && /^Поправка не добавляет противоречий/.test(ruHeadline),
        "?lang=ru gives the headline and its legend in Russian: " + ruHeadline + " / " + legend);
  await ru.screenshot({ path: path.join(shots, "serve-ru.png"), fullPage: false });
  await ru.close();
}

// The table editor (issue 45): a committee adds the row "both flags found down: both lose" to the
// 1985 Codex's game-end table in the page, evaluates it, sees the gap finding resolved and the
// case that replays it move; the shared link reopens the row in the table view.
async function tableEditor(browser, url, shots) {
  const messages = [];
  const page = await openOn1985(browser, url, messages);
  await page.waitForSelector("#table-choice option[value='ru-go-1985.decisions.game-end']");
  await page.select("#table-choice", "ru-go-1985.decisions.game-end");
  await page.waitForSelector("table.decision-table tr[data-row=black-flag]");
  const consulted = await page.$eval("#table-grid", (e) => e.textContent);
  check(consulted.includes("ended-by = black-resigns | white-resigns"), "the table view shows the table's inputs and their values");
  await page.click("#add-row");
  const row = "table.decision-table tr:last-child";
  await setField(page, row + " input[data-field=id]", "both-flags");
  await setField(page, row + " input[data-field=when]", "{ended-by: both-flags-found-down}");
  await setField(page, row + " input[data-field=outcome]", "both-lose");
  await setField(page, row + " input[data-field=clause]", "ru-go-1985.art20.note");
  await setField(page, row + " input[data-field=line]", "229");
  await setField(page, "#amendment-id", "both-flags-down");
  await setField(page, "#title", "Both flags down: both lose");
  await setField(page, "#rationale", "The first fall cannot be established; the note of Art. 20 gives both a loss for the other two-sided events");
  await setField(page, "#source", "go-codex-1985.ru.txt lines 180, 224, 229");
  const yaml = await page.$eval("#yaml", (e) => e.value);
  check(yaml.includes("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_rows:\n      - {id: both-flags, when: {ended-by: both-flags-found-down}, outcome: both-lose, clause: ru-go-1985.art20.note, line: 229}"),
        "the YAML follows the table: add_rows with the new row: " + yaml);
  await page.click("#evaluate");
  await page.waitForSelector("#headline-amendment", { timeout: 120000 });
  const headline = await page.$eval("#headline-amendment", (e) => e.textContent);
  const resolved = await page.$$eval("[data-finding-id]", (l) => l.map((e) => e.dataset.findingId));
  check(headline.startsWith("The amendment adds no inconsistency and resolves"), "the headline: no inconsistency, a finding resolved: " + headline);
  check(resolved.includes("F-ru-go-1985-both-flags-down"), "F-ru-go-1985-both-flags-down is among the findings resolved");
  const moved = await page.$$eval("#result [data-case]", (l) => l.map((e) => e.dataset.case));
  check(moved.length > 0, "the cases the row decides move: " + moved.join(", "));
  await page.screenshot({ path: path.join(shots, "serve-table.png"), fullPage: true });
  // Changing a row as written gives replace_rows; removing one gives remove_rows.
  await setField(page, "table.decision-table tr[data-row=black-refuses] input[data-field=outcome]", "both-lose");
  await page.click("table.decision-table tr[data-row=white-refuses] button.remove-row");
  const edited = await page.$eval("#yaml", (e) => e.value);
  check(edited.includes("    replace_rows:\n      - {id: black-refuses,") && edited.includes("    remove_rows: [white-refuses]"),
        "a changed row is replaced and a removed one removed: " + edited);
  // The shared link reopens the table edits in the table view.
  await page.click("#share");
  const link = await page.$eval("#share-url", (e) => e.href);
  const shared = await openLink(browser, link, messages, "table.decision-table tr[data-row=both-flags]");
  const reopened = await shared.$eval("#yaml", (e) => e.value);
  check(reopened === edited, "the shared link reopens the same table edits: " + reopened);
  check(!(await shared.$("table.decision-table tr[data-row=white-refuses]")), "the removed row stays removed in the reopened table");
  await shared.close();
  // A table finding's repair, proposed on the page: its card states the new row as rule text, and
  // loading it shows the row in the table view.
  await page.click("#all-findings");
  const gap = "F-ru-go-1985-both-flags-down";
  await page.waitForSelector(`#findings details[data-finding="${gap}"] button`);
  await page.$eval(`#findings details[data-finding="${gap}"]`, (d) => { d.open = true; });
  await page.click(`#findings details[data-finding="${gap}"] button`);
  await page.waitForSelector(`#findings details[data-finding="${gap}"] .card .rule-text`, { timeout: 300000 });
  const ruleText = await page.$eval(`#findings details[data-finding="${gap}"] .card .rule-text`, (e) => e.textContent);
  check(ruleText.startsWith("A new row of the table ru-go-1985.decisions.game-end: when {ended-by: both-flags-found-down}, the outcome is both-lose"),
        "the first repair card of a table gap states the row it adds: " + ruleText);
  await page.click(`#findings details[data-finding="${gap}"] .card button`);
  const rowShown = await page.waitForSelector("table.decision-table tr[data-row=gap-both-lose]", { timeout: 20000 }).then(() => true, () => false);
  check(rowShown, "the loaded proposal shows its row in the table view");
  // An amendment with new input values reopens in the table view: the value among the inputs, its
  // row in the table, the YAML generated once from the form (no second decisions section).
  const widened = "amendment:\n  id: arbiter-stops\n  codex: ru-go-1985\n  title: \"Arbiter stops play\"\n  rationale: \"r\"\n" +
                  "  source: \"s\"\n  rulesets: [ru-go-1985]\ndecisions:\n  - id: ru-go-1985.decisions.game-end\n" +
                  "    add_values: {ended-by: [arbiter-stops-play]}\n    add_rows:\n" +
                  "      - {id: arbiter-stops, when: {ended-by: arbiter-stops-play}, outcome: adjudicated, clause: ru-go-1985.art19.p9, line: 221}\n";
  const asWritten = await openLink(browser, url + "#a=" + Buffer.from(widened).toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
                                   messages, "#headline-amendment");
  await asWritten.select("#table-choice", "ru-go-1985.decisions.game-end");
  await asWritten.waitForSelector("table.decision-table tr[data-row=arbiter-stops]");
  const kept = await asWritten.$eval("#yaml", (e) => e.value);
  const inputsText = await asWritten.$eval("#table-inputs", (e) => e.textContent);
  check(kept.includes("add_values: {ended-by: [arbiter-stops-play]}") && kept.split("decisions:").length === 2 &&
        !(await asWritten.$eval("#add-row", (e) => e.disabled)) && (await asWritten.$("#tables-as-written")) === null &&
        inputsText.includes("arbiter-stops-play"),
        "new input values reopen in the table view, once in the YAML, and the table stays editable: " + kept + " / " + inputsText);
  // A value added in the table view goes into the YAML's add_values, and a row can use it.
  await asWritten.select("#add-value-input", "ended-by");
  await asWritten.type("#add-value-text", "both-flags-shown-by-timekeeper");
  await asWritten.click("#add-value");
  await asWritten.waitForFunction(() => document.querySelector("#yaml").value.includes("both-flags-shown-by-timekeeper"));
  const withValue = await asWritten.$eval("#yaml", (e) => e.value);
  check(withValue.includes("add_values: {ended-by: [arbiter-stops-play, both-flags-shown-by-timekeeper]}"),
        "a value added in the table view is written into add_values: " + withValue);
  await asWritten.close();
  check(messages.length === 0, "no console message on the table editor: " + messages.join(" | "));
  await page.close();
}

(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "rulespec-serve-browser-"));
  const shots = path.join(buildDir, "report", "screenshots");
  fs.mkdirSync(shots, { recursive: true });
  const { server, url } = await startServer(path.join(tmp, "work"));
  const browser = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    protocolTimeout: 120000,
  });
  const console_messages = [];
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    page.on("console", (m) => console_messages.push(m.type() + ": " + m.text() + " (" + ((m.location() || {}).url || "") + ")"));
    page.on("pageerror", (e) => console_messages.push("pageerror: " + e.message));
    const downloads = path.join(tmp, "downloads");
    fs.mkdirSync(downloads);
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });

    await page.goto(url, { waitUntil: "networkidle0" });
    await page.waitForSelector("#codex option[value=jishogi]");
    check((await page.$$("#codex option")).length === 6, "the codex menu lists the six codices");

    // A finding of another codex opens its cited clause, to read but not to amend, until that
    // codex is chosen.
    await page.waitForSelector("#findings details[data-finding]");
    const first = await page.$eval("#codex", (e) => e.value);
    check(first !== "jishogi", "the page opens on another codex than jishogi (" + first + ")");
    await page.click("#all-findings");
    await page.evaluate(() => document.querySelector('#findings details[data-finding="F-jishogi-jsa-2013-no-threshold"] a.cite').click());
    await page.waitForFunction(() => /^Clause jishogi\./.test(document.querySelector("#clause-view h2").textContent), { timeout: 30000 });
    check(!(await page.$("#clause-view details")), "a clause of another codex has no form to replace its statement");
    await page.click("#all-findings");

    // The findings follow the codex chosen: under jishogi, those citing a jishogi clause; with
    // "every codex's", all of them, those whose witness is a position with its diagram.
    await page.select("#codex", "jishogi");
    await page.waitForSelector("#clause-view details", { timeout: 30000 });
    await page.waitForSelector("#clauses details");
    const cited = await page.$$eval("#findings details[data-finding]",
                                    (l) => l.map((d) => [...d.querySelectorAll("a.cite")].map((a) => a.textContent)));
    check(cited.length > 0 && cited.every((c) => c.some((id) => id.startsWith("jishogi."))),
          "under jishogi, the findings listed each cite a jishogi clause: " + JSON.stringify(cited));
    await page.click("#all-findings");
    const every = await page.$$eval("#findings details[data-finding]", (l) => l.length);
    const total = (await (await fetch(url + "api/findings")).json()).length;
    check(every === total && every > cited.length, "every codex's findings: " + every + " of " + total);
    const drawn = await page.$$eval("#findings details[data-finding] svg", (l) => l.length);
    check(drawn > 0, "findings whose witness is a position show its diagram (" + drawn + ")");
    // A finding's cited clause opens beside it (under a loaded machine the list may still be drawn:
    // wait for the link, and give the clause a generous while).
    await page.waitForSelector('#findings details[data-finding="F-jishogi-jsa-2013-no-threshold"] a.cite', { timeout: 30000 });
    await page.evaluate(() => document.querySelector('#findings details[data-finding="F-jishogi-jsa-2013-no-threshold"] a.cite').click());
    await page.waitForFunction(() => /^Clause jishogi\./.test(document.querySelector("#clause-view h2").textContent), { timeout: 30000 });

    // The codex browser: a clause with its Russian source lines. The clause opened just before
    // answers late on purpose (its request held 1.5 s): the view must still end on the clause
    // clicked last, not on the answer that arrived last.
    const slowClause = "/api/clauses/" + encodeURIComponent("jishogi.jsa-2013.adoption");
    const holdSlowClause = (request) => {
      if (request.url().endsWith(slowClause)) setTimeout(() => request.continue(), 1500);
      else request.continue();
    };
    await page.setRequestInterception(true);
    page.on("request", holdSlowClause);
    await page.evaluate(() => document.querySelector('#findings details[data-finding="F-jishogi-jsa-2013-no-threshold"] a.cite').click());
    await page.evaluate(() => [...document.querySelectorAll("#clauses a")].find((a) => a.textContent === "jishogi.points27.tie-27-gote-wins").click());
    await page.waitForFunction(() => document.querySelector("#clause-view h2").textContent === "Clause jishogi.points27.tie-27-gote-wins" &&
                                      document.querySelector("#clause-view .source"), { timeout: 30000 });
    await new Promise((r) => setTimeout(r, 2500));
    const lastShown = await page.$eval("#clause-view h2", (e) => e.textContent);
    check(lastShown === "Clause jishogi.points27.tie-27-gote-wins", "the clause clicked last stays shown when an earlier one answers late (" + lastShown + ")");
    page.off("request", holdSlowClause);
    await page.setRequestInterception(false);
    const source = await page.$eval("#clause-view .source", (e) => e.textContent);
    check(/[А-Яа-я]/.test(source), "a clause shows the Russian lines it cites");

    // The clause's statement replaced from its view, as the jishogi-27-27 amendment does.
    await page.$eval("#clause-view details", (d) => { d.open = true; });
    await page.$eval("#replace-statement", (e) => { e.value = "If both players have 27 points, the game has no winner."; });
    await page.click("#replace-use");

    // The editor: tie_winner none in jishogi-amateur-27.
    await page.select("#ruleset", "jishogi-amateur-27");
    await page.waitForSelector('[data-param="tie_winner"]');
    await page.select('[data-param="tie_winner"]', "none");
    await page.$eval("#title", (e) => { e.value = "27:27 has no winner"; e.dispatchEvent(new Event("input")); });
    await page.$eval("#rationale", (e) => { e.value = "A replay is fairer than a win by colour"; e.dispatchEvent(new Event("input")); });
    await page.$eval("#source", (e) => { e.value = "shogi-jishogi.ru.txt line 13"; e.dispatchEvent(new Event("input")); });
    const yaml = await page.$eval("#yaml", (e) => e.value);
    check(yaml.includes("tie_winner: none") && yaml.includes("rulesets: [jishogi-amateur-27]") &&
          yaml.includes("replace_clauses:\n  - id: jishogi.points27.tie-27-gote-wins\n    statement: \"If both players have 27 points, the game has no winner.\""),
          "the YAML follows the form: " + yaml);
    await page.click("#evaluate");
    await page.waitForSelector("#progress .progress", { timeout: 5000 }).catch(() => {});
    await page.waitForFunction(() => document.querySelector("#result .verdict"), { timeout: 120000 });
    const amendmentId = await page.$eval("#amendment-id", (e) => e.value);
    const cases = await page.$$eval("#result [data-case]", (l) => l.map((e) => e.dataset.case));
    check(cases.includes("shogi.count.split-27-27") && cases.includes("jishogi.27.tie-goes-to-gote"),
          "Evaluate shows both 27:27 cases among the changes: " + cases.join(", "));
    // What moved, field by field: the 27:27 split's verdict goes from White's win to jishogi.
    const moved = await page.$$eval('#result [data-case="shogi.count.split-27-27"] table.fields tr',
                                    (rows) => rows.map((r) => Array.from(r.cells, (c) => c.textContent).join("|")));
    check(moved.includes("verdict|gote-wins|jishogi"), "the changed case shows its verdict before and after: " + moved.join("; "));
    const verdict = await page.$eval("#result .verdict", (e) => e.textContent);
    check(verdict.startsWith("The amendment "), "the amendment's own part opens the answer: " + verdict);
    await page.screenshot({ path: path.join(shots, "serve-evaluate.png"), fullPage: true });

    // Download: the file is the editor's YAML, and rulespec amend accepts it.
    await page.click("#download");
    let file = "";
    for (let i = 0; i < 100 && !file; i++) {
      await new Promise((r) => setTimeout(r, 100));
      file = fs.readdirSync(downloads).find((f) => f.endsWith(".yaml")) || "";
    }
    check(file === amendmentId + ".yaml", "Download gives a YAML file named after the amendment's id: " + file);
    if (file) {
      const downloaded = fs.readFileSync(path.join(downloads, file), "utf8");
      check(downloaded === yaml, "the downloaded file is the editor's YAML");
      const amend = spawnSync(rulespecBin, ["amend", path.join(downloads, file), "--json"], { encoding: "utf8", timeout: 120000 });
      check(amend.status === 0, "rulespec amend accepts the downloaded file" + (amend.status === 0 ? "" : ": " + amend.stderr));
      if (amend.status === 0) {
        const answer = JSON.parse(amend.stdout);
        const amendCases = answer.cases.map((c) => c.case).sort();
        check(JSON.stringify(amendCases) === JSON.stringify([...cases].sort()), "rulespec amend finds the same changed cases as the page");
      }
    }

    check(console_messages.length === 0, "no console message while browsing and evaluating: " + console_messages.join(" | "));

    // A broken amendment: the positioned error beside the field its line sets. (Chromium logs the
    // refused request's status 400 itself: that one line, and nothing else, may appear.)
    await page.$eval("#yaml", (e, text) => { e.value = text; e.dispatchEvent(new Event("input")); }, yaml.replace("tie_winner: none", "tie_winner: nobody"));
    await page.click("#evaluate");
    await page.waitForSelector("#yaml-error .error", { timeout: 30000 });
    const error = await page.$eval("#yaml-error .error", (e) => e.textContent);
    check(/^amendment:\d+:\d+: .*gote\|sente\|none/.test(error), "a broken amendment shows its positioned error: " + error);
    const beside = await page.$eval('[data-param="tie_winner"] + .field-error', (e) => e.textContent).catch(() => "");
    check(beside.includes("gote|sente|none"), "the error shows beside the tie_winner field: " + beside);
    await page.screenshot({ path: path.join(shots, "serve-error.png"), fullPage: true });

    check(console_messages.length === 1 && /status of 400/.test(console_messages[0]) && console_messages[0].includes("/api/amend"),
          "no console message but the refused request's own status: " + console_messages.join(" | "));
    console_messages.length = 0;

    await committeePage(browser, url, downloads, shots);
    await tableEditor(browser, url, shots);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.log("FAIL " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
