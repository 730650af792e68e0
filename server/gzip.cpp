#include "gzip.h"

#include <cstdint>
#include <zlib.h>

namespace ddb::server {
namespace gzip {
namespace {

// Past this a file is not a table a person works with here: refuse it rather than fill memory.
constexpr std::uint64_t kMaxUnpackedBytes = 4ull << 30;

}  // namespace
}  // namespace gzip

bool IsGzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::optional<std::string> Gunzip(std::string_view bytes, std::string& error) {
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {  // 16: a gzip header and trailer, not zlib's
    error = "cannot start unpacking gzip";
    return std::nullopt;
  }
  std::string out;
  char buffer[64 * 1024];
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());  // a state file is read whole: far below 4 GiB
  int status = Z_OK;
  for (;;) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    status = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - stream.avail_out);
    if (out.size() > gzip::kMaxUnpackedBytes) {
      error = "unpacks to more than 4 GiB";
      break;
    }
    if (status == Z_STREAM_END) {
      // Another member may follow (gzip files can be concatenated); anything else is refused.
      if (stream.avail_in == 0) break;
      if (!IsGzip(std::string_view(reinterpret_cast<const char*>(stream.next_in), stream.avail_in))) {
        error = "has bytes after its gzip stream that are not gzip";
        break;
      }
      inflateReset(&stream);
      continue;
    }
    if (status == Z_OK) continue;
    if (status == Z_BUF_ERROR && stream.avail_in == 0) {
      error = "is not a complete gzip stream (it ends early)";
    } else {
      error =
          std::string("is not valid gzip (") + (stream.msg ? stream.msg : "zlib error " + std::to_string(status)) + ")";
    }
    break;
  }
  inflateEnd(&stream);
  if (!error.empty()) return std::nullopt;
  return out;
}

}  // namespace ddb::server
