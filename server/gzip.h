// Gzipped files, as DynamoDB's export to S3 writes its data files (*.json.gz): the server
// unpacks them before the engine reads them (the engine has no zlib; the page uses the
// browser's DecompressionStream).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ddb::server {

// Whether `bytes` start as a gzip stream does (1f 8b, RFC 1952).
bool IsGzip(std::string_view bytes);

// The unpacked bytes of one or more gzip members one after another, or nullopt with `error`
// saying why not ("not a complete gzip stream", "unpacks to more than 4 GiB", zlib's words).
std::optional<std::string> Gunzip(std::string_view bytes, std::string& error);

}  // namespace ddb::server
