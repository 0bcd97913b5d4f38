// The C boundary over RE2. See include/cre2.h for the contract.

#include "cre2.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>

#include <re2/re2.h>

struct cre2_pattern {
    explicit cre2_pattern(const re2::StringPiece &pattern, const RE2::Options &options) : regex(pattern, options) {}
    RE2 regex;
};

namespace {

/// A malloc'd copy of `message` for the caller to free with cre2_error_free (NULL if out of memory).
char *copy_message(const std::string &message) {
    char *copy = static_cast<char *>(std::malloc(message.size() + 1));
    if (copy) std::memcpy(copy, message.c_str(), message.size() + 1);
    return copy;
}

void set_error(char **error, const std::string &message) {
    if (error) *error = copy_message(message);
}

}  // namespace

extern "C" cre2_pattern *cre2_compile(const char *pattern, size_t length, int64_t max_memory, char **error) {
    if (error) *error = nullptr;
    try {
        RE2::Options options;
        options.set_encoding(RE2::Options::EncodingUTF8);
        options.set_case_sensitive(false);
        options.set_never_capture(true);
        options.set_log_errors(false);
        options.set_max_mem(max_memory);
        auto compiled = std::make_unique<cre2_pattern>(re2::StringPiece(pattern, length), options);
        if (!compiled->regex.ok()) {
            set_error(error, compiled->regex.error());
            return nullptr;
        }
        return compiled.release();
    } catch (const std::exception &exception) {
        set_error(error, exception.what());
    } catch (...) {
        set_error(error, "RE2 failed");
    }
    return nullptr;
}

extern "C" int cre2_search(const cre2_pattern *pattern, const char *text, size_t length) {
    if (!pattern) return -1;
    try {
        return RE2::PartialMatch(re2::StringPiece(text ? text : "", text ? length : 0), pattern->regex) ? 1 : 0;
    } catch (...) {
        return -1;
    }
}

extern "C" void cre2_pattern_free(cre2_pattern *pattern) {
    delete pattern;
}

extern "C" void cre2_error_free(char *error) {
    std::free(error);
}
