// rulespec serve, as a committee's browser and a hostile client meet it: the API's answers and
// positioned errors, and a server that keeps answering through huge, deeply nested, malformed,
// slow and concurrent requests, evaluations over their budget, a missing token, and a host beyond
// this machine without one. Requests go over plain sockets, so that they can be as broken as a
// client can make them.
#include <catch2/catch.hpp>

#ifdef RULESPEC_SERVE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

#include "reports/json_value.hpp"
#include "spec/spec.hpp"

extern char** environ;

using namespace rulespec;
namespace fs = std::filesystem;

namespace {

struct ServeProcess {
  pid_t pid = -1;
  int port = 0;
  std::string first_line, workdir;
  ~ServeProcess() {
    if (pid > 0) {
      ::kill(pid, SIGTERM);
      int status = 0;
      ::waitpid(pid, &status, 0);
    }
    if (!workdir.empty()) fs::remove_all(workdir);
  }
};

// Starts the server on a free port and reads the address it prints.
// `env` is added to this process's environment for the server.
std::unique_ptr<ServeProcess> start_server(std::vector<std::string> extra, int* exit_code = nullptr, std::vector<std::string> env = {},
                                           const std::string& program = RULESPEC_SERVE) {
  auto s = std::make_unique<ServeProcess>();
  s->workdir = (fs::temp_directory_path() / ("rulespec-serve-test-" + std::to_string(::getpid()) + "-" +
                                              std::to_string(std::chrono::steady_clock::now().time_since_epoch().count())))
                   .string();
  std::vector<std::string> words = {program, "--port", "0", "--workdir", s->workdir};
  words.insert(words.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int out[2];
  REQUIRE(::pipe(out) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, out[1], 2);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  REQUIRE(posix_spawn(&s->pid, argv[0], &actions, nullptr, argv.data(), envp.data()) == 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  // The first line: the address, or the start-up error.
  std::string line;
  pollfd p{out[0], POLLIN, 0};
  for (char c; ::poll(&p, 1, 20000) > 0 && ::read(out[0], &c, 1) == 1 && c != '\n';) line += c;
  ::close(out[0]);
  s->first_line = line;
  if (exit_code) {
    int status = 0;
    ::waitpid(s->pid, &status, 0);
    s->pid = -1;
    *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return s;
  }
  const auto colon = line.find("127.0.0.1:");
  REQUIRE(colon != std::string::npos);
  s->port = std::stoi(line.substr(colon + 10));
  return s;
}

int serve_connect(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  return fd;
}

struct HttpReply {
  int status = 0;
  std::string body;
  Json json() const { return Json::parse(body); }
};

// One request as raw bytes; the whole reply (the server closes: Connection: close).
HttpReply http_exchange(int port, const std::string& raw, int timeout_ms = 60000) {
  const int fd = serve_connect(port);
  for (std::size_t sent = 0; sent < raw.size();) {
    const auto n = ::send(fd, raw.data() + sent, raw.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server may stop reading a body it refuses
    sent += static_cast<std::size_t>(n);
  }
  // Until the server closes, or the body its Content-Length announces is in (a server may keep
  // the connection open after an error it answers).
  std::string text;
  pollfd p{fd, POLLIN, 0};
  char buf[65536];
  while (::poll(&p, 1, timeout_ms) > 0) {
    const auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    const auto end = text.find("\r\n\r\n");
    if (end == std::string::npos) continue;
    std::string head = text.substr(0, end);
    for (auto& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto length = head.find("content-length: ");
    if (length != std::string::npos && text.size() >= end + 4 + std::stoul(head.substr(length + 16))) break;
  }
  ::close(fd);
  HttpReply r;
  if (text.rfind("HTTP/1.1 ", 0) == 0) r.status = std::stoi(text.substr(9, 3));
  if (const auto at = text.find("\r\n\r\n"); at != std::string::npos) r.body = text.substr(at + 4);
  return r;
}

std::string http_request(const std::string& method, const std::string& path, const std::string& body = "",
                    const std::string& extra_headers = "") {
  std::string r = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra_headers;
  if (method == "POST") r += "Content-Type: text/plain\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  return r + "\r\n" + body;
}

HttpReply http_get(int port, const std::string& path, const std::string& headers = "") { return http_exchange(port, http_request("GET", path, "", headers)); }
HttpReply http_post(int port, const std::string& path, const std::string& body, const std::string& headers = "") {
  return http_exchange(port, http_request("POST", path, body, headers));
}

const char* kTieNone =
    "amendment:\n  id: jishogi-27-none\n  codex: jishogi\n  title: \"27:27 has no winner\"\n"
    "  rationale: \"A replay is fairer than a win by colour\"\n  source: \"shogi-jishogi.ru.txt line 13\"\n"
    "  rulesets: [jishogi-amateur-27]\nparams:\n  tie_winner: none\n";

std::size_t files_in_dir(const fs::path& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) ++n;
  return n;
}

}  // namespace

TEST_CASE("serve: the API answers a committee's requests, with the CLI's positioned errors") {
  const auto s = start_server({});
  const Json codices = http_get(s->port, "/api/codices").json();
  REQUIRE(codices["codices"].size() == 6);
  CHECK(http_get(s->port, "/").body.find("rulespec workbench") != std::string::npos);

  const HttpReply clause = http_get(s->port, "/api/clauses/ru-go-1985.art4.p1");
  REQUIRE(clause.status == 200);
  CHECK_FALSE(clause.json()["source"]["lines"].empty());
  const HttpReply unknown = http_get(s->port, "/api/clauses/ru-go-1985.art4");
  CHECK(unknown.status == 404);
  CHECK(unknown.json()["error"]["message"].get<std::string>().find("did you mean ru-go-1985.art4.p1") != std::string::npos);
  CHECK(http_get(s->port, "/api/nothing").status == 404);

  // The oracle: one request, a list, and an amendment by path refused (nothing names a file).
  const std::string score = R"({"game": "go", "query": "score", "ruleset": "ing-1996"})";
  const HttpReply one = http_post(s->port, "/api/oracle", score);
  REQUIRE(one.status == 200);
  CHECK(one.json().contains("area"));
  const HttpReply two = http_post(s->port, "/api/oracle", "[" + score + ",\n {\"game\": \"go\", \"query\": \"score\", \"ruleset\": \"ing-1996\", \"amendment\": \"/etc/passwd\"}]");
  REQUIRE(two.status == 200);
  REQUIRE(two.json().size() == 2);
  CHECK(two.json()[0] == one.json());
  CHECK(two.json()[1]["error"]["message"].get<std::string>().find("names no file") != std::string::npos);
  CHECK(two.json()[1]["error"]["at"]["line"] == 2);
  const HttpReply broken = http_post(s->port, "/api/oracle", "{\"game\": \"go\",\n \"query\": }");
  CHECK(broken.status == 400);
  CHECK(broken.json()["error"]["where"].get<std::string>().rfind("request:2:", 0) == 0);

  // An amendment from the editor: the two 27:27 cases change; a broken one is refused at its line.
  const HttpReply amended = http_post(s->port, "/api/amend", kTieNone);
  REQUIRE(amended.status == 200);
  std::set<std::string> cases;
  const Json answer = amended.json();
  for (const auto& c : answer["cases"]) cases.insert(c["case"].get<std::string>());
  CHECK(cases.count("shogi.count.split-27-27"));
  CHECK(cases.count("jishogi.27.tie-goes-to-gote"));
  std::string bad = kTieNone;
  bad.replace(bad.find("tie_winner: none"), 16, "tie_winner: nobody");
  const HttpReply refused = http_post(s->port, "/api/amend", bad);
  CHECK(refused.status == 400);
  CHECK(refused.json()["error"]["where"] == "amendment:9:15");
  CHECK(refused.json()["error"]["message"].get<std::string>().find("gote|sente|none") != std::string::npos);

  const HttpReply repair = http_post(s->port, "/api/repair", R"({"finding": "F-jishogi-jsa-2013-no-threshold"})");
  REQUIRE(repair.status == 200);
  CHECK_FALSE(repair.json()["proposals"].empty());
  // Asked again, the same proposals come from what the server kept: no job runs.
  const std::size_t jobs = files_in_dir(fs::path(s->workdir) / "jobs");
  const HttpReply again = http_post(s->port, "/api/repair", R"({"finding": "F-jishogi-jsa-2013-no-threshold"})");
  CHECK(again.json() == repair.json());
  CHECK(files_in_dir(fs::path(s->workdir) / "jobs") == jobs);
  CHECK(http_post(s->port, "/api/repair", R"({"finding": "F-nope"})").status == 404);
  CHECK(http_post(s->port, "/api/repair", R"({"finding": 3})").status == 400);

  // The form's view of an amendment: what the form holds, and the rest kept as written.
  const std::string with_extra = std::string(kTieNone) +
                                 "add_readings:\n  - clause: jishogi.result.colour-names\n    id: white-is-black\n"
                                 "    statement: \"White and Black as in chess.\"\n"
                                 "    equivalent_to: {reading: white-is-gote, why: \"The same sides.\"}\n";
  const HttpReply form = http_post(s->port, "/api/amendment-form", with_extra);
  INFO(form.body);
  REQUIRE(form.status == 200);
  CHECK(form.json()["codex"] == "jishogi");
  CHECK(form.json()["params"]["tie_winner"] == "none");
  CHECK(form.json()["extra"].get<std::string>().rfind("add_readings:\n", 0) == 0);
  CHECK(form.json()["extra"].get<std::string>().find("tie_winner") == std::string::npos);
  const HttpReply form_refused = http_post(s->port, "/api/amendment-form", bad);
  CHECK(form_refused.status == 400);
  CHECK(form_refused.json()["error"]["where"] == "amendment:9:15");
  // The shipped amendments, each with its text, for the comparison.
  const Json shipped = http_get(s->port, "/api/amendments").json()["amendments"];
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(source_root() + "/spec/amendments")) files += e.path().extension() == ".yaml";
  CHECK(shipped.size() == files);
  for (const auto& a : shipped) CHECK(a["yaml"].get<std::string>().find("id: " + a["id"].get<std::string>()) != std::string::npos);
}

// Replaces the one occurrence of `from` in `file`.
void edit_file(const fs::path& file, const std::string& from, const std::string& to) {
  std::ifstream in(file, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

std::string finding_summary(const Json& findings, const std::string& id) {
  for (const auto& f : findings)
    if (f["id"] == id) return f["summary"].get<std::string>();
  return "";
}

TEST_CASE("serve: an edit to the catalogs while it runs is in the next answers, and a half-made edit leaves the last good ones") {
  // A copy of the repository's catalogs, cases and peers, edited in place (RULESPEC_HOME).
  const fs::path home = fs::temp_directory_path() / ("rulespec-serve-home-" + std::to_string(::getpid()));
  fs::remove_all(home);
  fs::create_directories(home);
  for (const char* dir : {"spec", "cases", "peers"}) fs::copy(fs::path(source_root()) / dir, home / dir, fs::copy_options::recursive);
  const auto s = start_server({}, nullptr, {"RULESPEC_HOME=" + home.string()});
  const std::string finding = "F-ru-go-1985-crossref-line-245", clause_path = "/api/clauses/ru-go-1985.art23.b";
  CHECK(finding_summary(http_get(s->port, "/api/findings").json(), finding).find("for the adjournment form,") != std::string::npos);
  CHECK(http_get(s->port, clause_path).json()["statement"].get<std::string>().find("keeps that form") != std::string::npos);

  const fs::path catalog = home / "spec" / "ru-go-1985.yaml";
  edit_file(catalog, "about: \"the adjournment form\"", "about: \"the adjournment record\"");
  edit_file(catalog, "and keeps that form until", "and keeps that record until");
  // The files are looked at again at most once a second.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  CHECK(finding_summary(http_get(s->port, "/api/findings").json(), finding).find("for the adjournment record,") != std::string::npos);
  CHECK(http_get(s->port, clause_path).json()["statement"].get<std::string>().find("keeps that record") != std::string::npos);

  // Half an edit: the catalog no longer loads. The page keeps the last good catalogs.
  edit_file(catalog, "    statement: \"The judge follows", "    statement: [\"The judge follows");
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  const HttpReply during = http_get(s->port, clause_path);
  CHECK(during.status == 200);
  CHECK(during.json()["statement"].get<std::string>().find("keeps that record") != std::string::npos);
  CHECK(http_get(s->port, "/api/codices").status == 200);
  fs::remove_all(home);
}

TEST_CASE("serve: huge, deep, malformed, slow and concurrent requests are refused, and the server keeps answering") {
  // The two programs and the build's caches, copied where no other test writes: the caches beside
  // the executable must be the same after as before.
  const fs::path bin = fs::temp_directory_path() / ("rulespec-serve-bin-" + std::to_string(::getpid()));
  const fs::path build = fs::path(RULESPEC_SERVE).parent_path();
  fs::remove_all(bin);
  for (const char* cache : {"amend-cache", "parse-cache"}) {
    fs::create_directories(bin / cache);
    for (const auto& f : fs::directory_iterator(build / cache))
      if (f.path().filename().string().rfind("amended-", 0) != 0) fs::copy_file(f.path(), bin / cache / f.path().filename());
  }
  for (const char* program : {"rulespec", "rulespec-serve"}) fs::copy_file(build / program, bin / program);
  const std::size_t amend_cache_files = files_in_dir(bin / "amend-cache"), parse_cache_files = files_in_dir(bin / "parse-cache");
  const auto s = start_server({"--workers", "1", "--budget", "120"}, nullptr, {}, (bin / "rulespec-serve").string());
  const std::string score = R"({"game": "go", "query": "score", "ruleset": "ing-1996"})";
  auto still_answers = [&] { return http_post(s->port, "/api/oracle", score).status == 200; };

  CHECK(http_post(s->port, "/api/oracle", std::string(2 << 20, 'a')).status == 413);
  CHECK(still_answers());
  const HttpReply deep = http_post(s->port, "/api/oracle", std::string(200000, '['));
  CHECK(deep.status == 400);
  const HttpReply nested = http_post(s->port, "/api/oracle", std::string(100, '[') + std::string(100, ']'));
  CHECK(nested.status == 400);
  CHECK(nested.json()["error"]["message"].get<std::string>().find("nesting deeper than 64") != std::string::npos);
  std::string many = "[";
  for (int i = 0; i < 65; ++i) many += (i ? "," : "") + score;
  CHECK(http_post(s->port, "/api/oracle", many + "]").status == 413);
  CHECK(http_post(s->port, "/api/oracle", "\xff\xfe{}").status == 400);
  CHECK(http_post(s->port, "/api/amend", "amendment: [").status == 400);
  CHECK(http_post(s->port, "/api/amend", "a: &x 1\nb: *x\n").status == 400);
  CHECK(http_exchange(s->port, "NONSENSE\r\n\r\n").status == 400);
  CHECK(http_exchange(s->port, "GET /api/codices HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n").status == 403);
  CHECK(still_answers());

  // Clients that send half a request and wait hold a connection each, not the server.
  std::vector<int> slow;
  const std::string half = "POST /api/oracle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{";
  for (int i = 0; i < 12; ++i) {
    slow.push_back(serve_connect(s->port));
    ::send(slow.back(), half.data(), half.size(), MSG_NOSIGNAL);
  }
  const auto before = std::chrono::steady_clock::now();
  CHECK(still_answers());
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::seconds(3));

  // Forty clients at once, five requests each, while the slow ones wait: every answer is the one a
  // lone client gets.
  const std::string alone = http_post(s->port, "/api/oracle", score).body;
  std::vector<std::future<int>> clients;
  for (int c = 0; c < 40; ++c)
    clients.push_back(std::async(std::launch::async, [&] {
      int same = 0;
      for (int k = 0; k < 5; ++k) {
        const HttpReply r = http_post(s->port, "/api/oracle", score);
        same += r.status == 200 && r.body == alone;
      }
      return same;
    }));
  int same = 0;
  for (auto& c : clients) same += c.get();
  CHECK(same == 200);

  // One worker: a second evaluation while the first runs is told to come back (429).
  std::string komi = "amendment:\n  id: ing-komi-7\n  codex: ing-1996\n  title: t\n  rationale: r\n  source: s\nparams:\n  komi: 7\n";
  auto first = std::async(std::launch::async, [&] { return http_post(s->port, "/api/amend", komi); });
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  const HttpReply busy = http_post(s->port, "/api/amend", kTieNone);
  CHECK(busy.status == 429);
  CHECK(still_answers());
  CHECK(first.get().status == 200);
  CHECK(http_post(s->port, "/api/amend", kTieNone).status == 200);
  for (int fd : slow) ::close(fd);

  // Nothing was written beside the executable: the workers' caches are in the work directory.
  CHECK(files_in_dir(bin / "amend-cache") == amend_cache_files);
  CHECK(files_in_dir(bin / "parse-cache") == parse_cache_files);
  CHECK(files_in_dir(bin) == 4);
  CHECK(files_in_dir(fs::path(s->workdir) / "cache" / "amend-cache") > 0);
  fs::remove_all(bin);
}

TEST_CASE("serve: an evaluation over its budget is stopped with its workers, and the server goes on") {
  const auto s = start_server({"--budget", "0.3"});
  std::string komi = "amendment:\n  id: ing-komi-7\n  codex: ing-1996\n  title: t\n  rationale: r\n  source: s\nparams:\n  komi: 7\n";
  const auto before = std::chrono::steady_clock::now();
  const HttpReply over = http_post(s->port, "/api/amend", komi);
  CHECK(over.status == 504);
  CHECK(over.json()["error"]["code"] == "over-budget");
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::seconds(5));
  // No process is left working in the work directory: the worker and what it forked are gone.
  auto working_there = [&] {
    int n = 0;
    std::error_code ec;
    for (fs::directory_iterator it("/proc", ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code link_ec;
      const auto cwd = fs::read_symlink(it->path() / "cwd", link_ec).string();
      if (!link_ec && cwd.rfind(s->workdir, 0) == 0) ++n;
    }
    return n;
  };
  // (SIGKILL is delivered at once; the processes it ended may take a moment to be gone.)
  for (int i = 0; i < 40 && working_there() > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(working_there() == 0);
  CHECK(http_post(s->port, "/api/oracle", R"({"game": "go", "query": "score", "ruleset": "ing-1996"})").status == 200);
}

TEST_CASE("serve: a token guards every API request, and a host beyond this machine needs one") {
  const auto s = start_server({"--token", "s3cret"});
  CHECK(s->first_line.find("#token=s3cret") != std::string::npos);
  CHECK(http_get(s->port, "/").status == 200);  // the page carries no data
  CHECK(http_get(s->port, "/api/codices").status == 401);
  CHECK(http_get(s->port, "/api/codices", "Authorization: Bearer wrong\r\n").status == 401);
  CHECK(http_get(s->port, "/api/codices", "Authorization: Bearer s3cret\r\n").status == 200);

  int code = 0;
  const auto refused = start_server({"--host", "0.0.0.0"}, &code);
  CHECK(code == 2);
  CHECK(refused->first_line.find("--token") != std::string::npos);
}

TEST_CASE("serve: a bad option is one line that says what is valid, with exit code 2") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"--colour", "red"}, "the options: --host, --port"},
      {{"--port", "http"}, "not a port, 0..65535"},
      {{"--port", "70000"}, "not a port, 0..65535"},
      {{"--workers", "0"}, "not 1..64"},
      {{"--budget", "inf"}, "at most 86400"},
      {{"--budget", "-1"}, "more than 0"},
      {{"--token", "a b"}, "no spaces"},
      {{"--host"}, "needs a value"},
  };
  for (const auto& [words, says] : bad) {
    int code = 0;
    // start_server adds --port 0 and --workdir first; these come after and are what is refused.
    const auto refused = start_server(words, &code);
    INFO(refused->first_line);
    CHECK(code == 2);
    CHECK(refused->first_line.find(says) != std::string::npos);
  }
}
#endif
