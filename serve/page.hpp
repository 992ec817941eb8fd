// The workbench page (serve/web/, embedded at build time by cmake/embed_web.cmake): one self-contained document (its own style and script, nothing fetched
// from elsewhere, works offline) that drives the JSON API of serve/api.hpp.
#pragma once
#include <string>

namespace rulespec::serve {

const std::string& page_html();

}  // namespace rulespec::serve
