// Reading and writing the server's state file (an engine snapshot, see ddb/snapshot.h).
#pragma once

#include <optional>
#include <string>

namespace ddb::server {

// The whole file, or nullopt with `error` saying why not.
std::optional<std::string> ReadStateFile(const std::string& path, std::string& error);

// Replaces `path` with `text` so that a crash at any moment leaves either the old file or the
// new one, never a mix: write a temporary file in the same folder, fsync it, rename it over
// `path`, fsync the folder. Returns an error message, or nullopt on success.
std::optional<std::string> WriteStateFileAtomically(const std::string& path, const std::string& text);

// Whether a file can be created in the folder of `path` (checked at startup, so that a typo in
// --save is found before any work is done rather than at shutdown). Error message or nullopt.
std::optional<std::string> CheckStateFileWritable(const std::string& path);

}  // namespace ddb::server
