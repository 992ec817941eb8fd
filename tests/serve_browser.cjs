// The workbench as a committee uses it, in Debian's chromium driven over the DevTools protocol
// (puppeteer-core, installed into BUILD/node by make test): open the page, set jishogi's
// tie_winner to none, Evaluate, find the two 27:27 cases among the changes, Download the
// amendment and have `rulespec amend` accept the file; then a broken amendment, whose positioned
// error must show beside its field. No console message may appear. Screenshots go to
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
    await page.waitForFunction(() => /^Clause jishogi\./.test(document.querySelector("#clause-view h2").textContent), { timeout: 10000 });
    check(!(await page.$("#clause-view details")), "a clause of another codex has no form to replace its statement");
    await page.click("#all-findings");

    // The findings follow the codex chosen: under jishogi, those citing a jishogi clause; with
    // "every codex's", all of them, those whose witness is a position with its diagram.
    await page.select("#codex", "jishogi");
    await page.waitForSelector("#clause-view details", { timeout: 10000 });
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

    // The codex browser: a clause with its Russian source lines.
    await page.evaluate(() => [...document.querySelectorAll("#clauses a")].find((a) => a.textContent === "jishogi.points27.tie-27-gote-wins").click());
    await page.waitForFunction(() => document.querySelector("#clause-view h2").textContent === "Clause jishogi.points27.tie-27-gote-wins" &&
                                      document.querySelector("#clause-view .source"), { timeout: 10000 });
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
    const cases = await page.$$eval("#result [data-case]", (l) => l.map((e) => e.dataset.case));
    check(cases.includes("shogi.count.split-27-27") && cases.includes("jishogi.27.tie-goes-to-gote"),
          "Evaluate shows both 27:27 cases among the changes: " + cases.join(", "));
    // What moved, field by field: the 27:27 split's verdict goes from White's win to jishogi.
    const moved = await page.$$eval('#result [data-case="shogi.count.split-27-27"] table.fields tr',
                                    (rows) => rows.map((r) => Array.from(r.cells, (c) => c.textContent).join("|")));
    check(moved.includes("verdict|gote-wins|jishogi"), "the changed case shows its verdict before and after: " + moved.join("; "));
    const verdict = await page.$eval("#result .verdict", (e) => e.textContent);
    check(verdict.startsWith("Verdict: "), "the amend summary opens the answer: " + verdict);
    await page.screenshot({ path: path.join(shots, "serve-evaluate.png"), fullPage: true });

    // Download: the file is the editor's YAML, and rulespec amend accepts it.
    await page.click("#download");
    let file = "";
    for (let i = 0; i < 100 && !file; i++) {
      await new Promise((r) => setTimeout(r, 100));
      file = fs.readdirSync(downloads).find((f) => f.endsWith(".yaml")) || "";
    }
    check(file !== "", "Download gives a YAML file");
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
