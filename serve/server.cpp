#include "serve/server.hpp"

#include <httplib.h>
#include <signal.h>
#include <sys/socket.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "serve/api.hpp"
#include "serve/catalogs.hpp"
#include "serve/jobs.hpp"
#include "serve/page.hpp"
#include "spec/parse_cache.hpp"
#include "spec/register.hpp"

namespace rulespec::serve {
namespace fs = std::filesystem;

namespace {

httplib::Server* running = nullptr;
void stop_on_signal(int) {
  if (running) running->stop();
}

std::string json_text(const Json& body) { return body.dump(1, ' ', false, Json::error_handler_t::replace) + "\n"; }

void reply(httplib::Response& res, const Answer& a) {
  res.status = a.status;
  res.set_content(json_text(a.body), "application/json; charset=utf-8");
}

std::string executable_dir() {
  std::error_code ec;
  const auto self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(".") : self.parent_path().string();
}

// The build's caches, copied into the work directory: the workers start from the base runs a
// `rulespec verify` kept, and write nothing outside it.
void seed_cache(const std::string& cache_dir) {
  for (const char* name : {"amend-cache", "parse-cache"}) {
    const fs::path from = fs::path(executable_dir()) / name, to = fs::path(cache_dir) / name;
    std::error_code ec;
    fs::create_directories(to, ec);
    for (fs::directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file() && it->path().filename().string().rfind("amended-", 0) != 0)
        fs::copy_file(it->path(), to / it->path().filename(), fs::copy_options::skip_existing, ec);
  }
}

// The worker's stderr as an answer: its last line, which for a bad input is the positioned error.
std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  const auto at = t.rfind('\n');
  return at == std::string::npos ? t : t.substr(at + 1);
}

Answer job_failure(const JobResult& r, double budget) {
  if (!r.started) return error_answer(500, "internal", r.err);
  if (r.timed_out)
    return error_answer(504, "over-budget", "the evaluation took longer than its budget of " + std::to_string(static_cast<int>(budget)) +
                                                " s and was stopped");
  return error_answer(r.exit_code == 2 ? 400 : 500, r.exit_code == 2 ? "bad-request" : "internal", last_line(r.err));
}

// Compared in a time that does not depend on where the two first differ.
bool same_secret(const std::string& given, const std::string& expected) {
  unsigned char diff = given.size() == expected.size() ? 0 : 1;
  for (std::size_t i = 0; i < expected.size(); ++i)
    diff |= static_cast<unsigned char>((i < given.size() ? given[i] : 0) ^ expected[i]);
  return diff == 0;
}

// The newest kJobsKept job directories stay (each holds an evaluation's input and answer): a
// server that runs for weeks does not fill its disk.
constexpr int kJobsKept = 200;
void prune_jobs(const std::string& jobs_dir, long newest) {
  std::error_code ec;
  for (fs::directory_iterator it(jobs_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    long n = 0;
    try {
      n = std::stol(name.substr(0, name.find('-')));
    } catch (const std::exception&) {
      continue;
    }
    if (n <= newest - kJobsKept) fs::remove_all(it->path(), ec);
  }
}

}  // namespace

bool is_local_host(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

int serve(const ServeOptions& o) {
  if (!is_local_host(o.host) && o.token.empty()) {
    std::cerr << "serve: --host " << o.host
              << " listens beyond this machine: give --token SECRET as well (every request then needs the header "
                 "'Authorization: Bearer SECRET')\n";
    return 2;
  }
  if (o.workers < 1 || o.budget <= 0) {
    std::cerr << "serve: --workers must be at least 1 and --budget positive\n";
    return 2;
  }
  std::string workdir = o.workdir;
  std::error_code ec;
  if (workdir.empty()) {
    std::string pattern = (fs::temp_directory_path(ec) / "rulespec-serve-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) {
      std::cerr << "serve: cannot make a work directory under " << fs::temp_directory_path(ec).string() << "\n";
      return 2;
    }
    workdir = pattern;
  }
  fs::create_directories(workdir, ec);
  if (ec || !fs::is_directory(workdir)) {
    std::cerr << "serve: --workdir " << workdir << ": cannot make it (" << ec.message() << ")\n";
    return 2;
  }
  workdir = fs::absolute(workdir).string();
  const std::string cache_dir = workdir + "/cache";
  seed_cache(cache_dir);
  ::setenv("RULESPEC_CACHE_DIR", cache_dir.c_str(), 1);  // this process's own parse cache too
  const std::string rulespec = o.rulespec.empty() ? executable_dir() + "/rulespec" : o.rulespec;

  Catalogs catalogs(source_root());
  Slots slots(o.workers);
  std::atomic<long> job_counter{0};
  const std::vector<std::string> job_env = {"RULESPEC_CACHE_DIR=" + cache_dir};
  // What every evaluation answers when all the workers are taken.
  const Answer busy = error_answer(429, "busy", "every worker is busy evaluating; try again in a moment");
  auto next_job_dir = [&](const std::string& kind) {
    const long n = ++job_counter;
    if (n % 50 == 0) prune_jobs(workdir + "/jobs", n);
    return workdir + "/jobs/" + std::to_string(n) + "-" + kind;
  };

  httplib::Server svr;
  svr.new_task_queue = [] { return new httplib::ThreadPool(32); };
  svr.set_payload_max_length(kMaxBody);
  svr.set_read_timeout(5, 0);
  svr.set_write_timeout(5, 0);
  svr.set_keep_alive_max_count(100);
  svr.set_keep_alive_timeout(5);

  svr.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    // A page on another site must not reach a local server through a name that points here.
    if (is_local_host(o.host)) {
      std::string host = req.get_header_value("Host");
      if (const auto colon = host.rfind(':'); colon != std::string::npos && host.find(']') == std::string::npos) host = host.substr(0, colon);
      if (host.size() > 2 && host.front() == '[') host = host.substr(1, host.find(']') - 1);
      if (!host.empty() && !is_local_host(host)) {
        reply(res, error_answer(403, "forbidden", "this server answers requests addressed to this machine only, not to '" + host + "'"));
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    // The page itself carries no data: it asks for the token (in the address after #token=).
    if (!o.token.empty() && req.path != "/" && !same_secret(req.get_header_value("Authorization"), "Bearer " + o.token)) {
      reply(res, error_answer(401, "unauthorized", "this server needs its token: send 'Authorization: Bearer TOKEN'"));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413) reply(res, error_answer(413, "too-large", "the request body is over " + std::to_string(kMaxBody) + " bytes"));
    else if (res.status == 404) reply(res, error_answer(404, "not-found", "no such page or API; the API: /api/codices, /api/clauses/ID, /api/findings, /api/amendments, POST /api/oracle, /api/amend, /api/amendment-form, /api/repair"));
    else reply(res, error_answer(res.status, "http", "HTTP " + std::to_string(res.status)));
  });
  svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    reply(res, error_answer(500, "internal", what));
  });

  svr.Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_content(page_html(), "text/html; charset=utf-8"); });
  svr.Get("/api/codices", [&](const httplib::Request&, httplib::Response& res) { reply(res, codices(*catalogs.current().spec)); });
  svr.Get(R"(/api/clauses/([^/]+))", [&](const httplib::Request& req, httplib::Response& res) {
    reply(res, clause(*catalogs.current().spec, req.matches[1]));
  });
  svr.Get("/api/findings", [&](const httplib::Request&, httplib::Response& res) {
    const Catalogs::Snapshot now = catalogs.current();
    if (const auto kept = catalogs.kept(now.generation, "findings")) return res.set_content(*kept, "application/json; charset=utf-8");
    SlotHold slot(slots);
    if (!slot.held()) return reply(res, busy);
    const JobResult r = run_job({rulespec, "list", "findings", "--json"}, next_job_dir("findings"), o.budget, job_env);
    if (r.exit_code != 0) return reply(res, job_failure(r, o.budget));
    catalogs.keep(now.generation, "findings", r.out);
    res.set_content(r.out, "application/json; charset=utf-8");
  });
  svr.Get("/api/amendments", [&](const httplib::Request&, httplib::Response& res) {
    reply(res, shipped_amendments(*catalogs.current().spec, source_root() + "/spec/amendments"));
  });
  svr.Post("/api/amendment-form", [&](const httplib::Request& req, httplib::Response& res) {
    reply(res, amendment_form(*catalogs.current().spec, req.body));
  });
  svr.Post("/api/oracle", [&](const httplib::Request& req, httplib::Response& res) { reply(res, oracle(*catalogs.current().spec, req.body)); });
  svr.Post("/api/amend", [&](const httplib::Request& req, httplib::Response& res) {
    const AmendmentCheck check = check_amendment(*catalogs.current().spec, req.body);
    if (!check.ok) return reply(res, check.error);
    SlotHold slot(slots);
    if (!slot.held()) return reply(res, busy);
    const std::string dir = next_job_dir("amend");
    fs::create_directories(dir);
    std::ofstream(dir + "/amendment.yaml", std::ios::binary) << check.yaml;
    const JobResult r = run_job({rulespec, "amend", "amendment.yaml", "--json"}, dir, o.budget, job_env);
    if (r.exit_code != 0) return reply(res, job_failure(r, o.budget));
    res.set_content(r.out, "application/json; charset=utf-8");
  });
  svr.Post("/api/repair", [&](const httplib::Request& req, httplib::Response& res) {
    const Catalogs::Snapshot now = catalogs.current();
    const RepairCheck check = check_repair(*now.spec, req.body);
    if (!check.ok) return reply(res, check.error);
    // A finding's proposals depend on the catalogs alone, and some take minutes to find.
    if (const auto kept = catalogs.kept(now.generation, "repair " + check.finding))
      return res.set_content(*kept, "application/json; charset=utf-8");
    SlotHold slot(slots);
    if (!slot.held()) return reply(res, busy);
    const std::string dir = next_job_dir("repair");
    const JobResult r = run_job({rulespec, "repair", check.finding, "--out", "proposals"}, dir, o.budget, job_env);
    if (r.exit_code != 0 && r.exit_code != 1) return reply(res, job_failure(r, o.budget));
    Json proposals = Json::array();
    for (int k = 1;; ++k) {
      std::ifstream in(dir + "/proposals/" + check.finding + "/proposal-" + std::to_string(k) + ".yaml", std::ios::binary);
      if (!in) break;
      std::ostringstream yaml;
      yaml << in.rdbuf();
      proposals.push_back({{"rank", k}, {"yaml", yaml.str()}});
    }
    const std::string answer = json_text(Json{{"finding", check.finding}, {"text", r.out}, {"proposals", proposals}});
    catalogs.keep(now.generation, "repair " + check.finding, answer);
    res.set_content(answer, "application/json; charset=utf-8");
  });

  // cpp-httplib listens with a backlog of 5: under many clients a connection attempt beyond it
  // is dropped and retried by the client a second or more later. Listening again on the same
  // socket with the system's largest backlog takes that wait away.
  int listen_fd = -1;
  svr.set_socket_options([&listen_fd](int sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listen_fd = sock;
  });
  int port = o.port;
  if (port == 0) {
    port = svr.bind_to_any_port(o.host);
    if (port < 0) {
      std::cerr << "serve: cannot listen on " << o.host << "\n";
      return 2;
    }
  } else if (!svr.bind_to_port(o.host, port)) {
    std::cerr << "serve: cannot listen on " << o.host << ":" << port << " (in use, or not an address of this machine)\n";
    return 2;
  }
  if (listen_fd >= 0) ::listen(listen_fd, SOMAXCONN);
  running = &svr;
  ::signal(SIGINT, stop_on_signal);
  ::signal(SIGTERM, stop_on_signal);
  ::signal(SIGPIPE, SIG_IGN);
  const std::string shown_host = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  std::cout << "rulespec serve: http://" << shown_host << ":" << port << "/" << (o.token.empty() ? "" : "#token=" + o.token)
            << "  (work directory " << workdir << "; Ctrl-C stops)" << std::endl;
  const bool ok = svr.listen_after_bind();
  running = nullptr;
  return ok ? 0 : 2;
}

}  // namespace rulespec::serve
