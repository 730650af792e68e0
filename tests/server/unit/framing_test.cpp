// Frame(): where one HTTP request ends in a connection's input (server/connection_loop.h), case
// by case; tests/server/transport.test.mjs drives the same cases through real sockets.
#include <string>

#include <catch2/catch.hpp>

#include "connection_loop.h"

using ddb::server::ConnectionLimits;
using ddb::server::Frame;
using ddb::server::RequestFrame;
using Kind = RequestFrame::Kind;

namespace {

const std::string kHead = "POST / HTTP/1.1\r\nHost: x\r\n";

ConnectionLimits Small() {
  ConnectionLimits limits;
  limits.max_body_bytes = 10;
  limits.max_header_bytes = 64;
  return limits;
}

}  // namespace

TEST_CASE("A request with a Content-Length body is whole once the body is in", "[framing]") {
  const std::string headers = kHead + "Content-Length: 5\r\n\r\n";
  CHECK(Frame(headers, {}).kind == Kind::kIncomplete);
  CHECK(Frame(headers + "abcd", {}).kind == Kind::kIncomplete);
  const RequestFrame whole = Frame(headers + "abcde", {});
  CHECK(whole.kind == Kind::kComplete);
  CHECK(whole.length == headers.size() + 5);
  // Pipelined: the first request ends where the second begins.
  const RequestFrame first = Frame(headers + "abcde" + headers + "12345", {});
  CHECK(first.kind == Kind::kComplete);
  CHECK(first.length == headers.size() + 5);
  // Header names are case-insensitive; no body without a length.
  const std::string odd_case = kHead + "content-LENGTH:  2 \r\n\r\nab";
  CHECK(Frame(odd_case + "next", {}).length == odd_case.size());
  const std::string bodyless = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
  CHECK(Frame(bodyless + "GET", {}).length == bodyless.size());
}

TEST_CASE("Headers are incomplete until the blank line, and refused past the header limit", "[framing]") {
  CHECK(Frame("POST / HTTP/1.1\r\nHost:", Small()).kind == Kind::kIncomplete);
  const std::string long_header = kHead + "X-Pad: " + std::string(80, 'a');
  const RequestFrame too_long = Frame(long_header, Small());
  CHECK(too_long.kind == Kind::kMalformed);
  CHECK(too_long.length == long_header.size());
  // Bare LF line ends, which httplib refuses, are handed over at once.
  CHECK(Frame("POST / HTTP/1.1\nHost: x\n\n", {}).kind == Kind::kMalformed);
  // A Content-Length that is not a number.
  CHECK(Frame(kHead + "Content-Length: 12a\r\n\r\n", {}).kind == Kind::kMalformed);
}

TEST_CASE("A body over the limit is known from its headers and dropped as it arrives", "[framing]") {
  const std::string headers = kHead + "Content-Length: 11\r\n\r\n";
  const RequestFrame big = Frame(headers, Small());
  CHECK(big.kind == Kind::kBodyTooLarge);
  CHECK(big.length == headers.size());
  CHECK(big.body_bytes == 11);
  CHECK(Frame(kHead + "Content-Length: 10\r\n\r\n", Small()).kind == Kind::kIncomplete);  // at the limit: fine
}

TEST_CASE("A chunked body ends at its last chunk and optional trailers", "[framing]") {
  const std::string headers = kHead + "Transfer-Encoding: chunked\r\n\r\n";
  CHECK(Frame(headers + "3\r\nabc\r\n", {}).kind == Kind::kIncomplete);
  const std::string body = "3\r\nabc\r\n2;ext=1\r\nde\r\n0\r\n\r\n";
  const RequestFrame whole = Frame(headers + body + "next", {});
  CHECK(whole.kind == Kind::kComplete);
  CHECK(whole.length == headers.size() + body.size());
  const std::string trailed = "1\r\na\r\n0\r\nX-Trailer: t\r\n\r\n";
  CHECK(Frame(headers + trailed, {}).length == headers.size() + trailed.size());
  CHECK(Frame(headers + "1\r\na\r\n0\r\nX-Trailer: t\r\n", {}).kind == Kind::kIncomplete);
  // A chunk size that is not hex, or a chunk without its CRLF.
  CHECK(Frame(headers + "zz\r\n", {}).kind == Kind::kMalformed);
  CHECK(Frame(headers + "1\r\nab\r\n", {}).kind == Kind::kMalformed);
}

TEST_CASE("Chunks past the body limit are cut where the data passes it", "[framing]") {
  const std::string headers = kHead + "Transfer-Encoding: chunked\r\n\r\n";
  // Two whole chunks of 6: the second takes the body past 10 bytes.
  const std::string two = "6\r\nabcdef\r\n6\r\nghijkl\r\n";
  const RequestFrame cut = Frame(headers + two, Small());
  CHECK(cut.kind == Kind::kChunkedTooLarge);
  CHECK(cut.length == headers.size() + two.size());
  CHECK(cut.body_bytes == 0);
  // A chunk of 20 with 12 of its bytes in: 10 more bytes end it (8 of data, then CRLF).
  const std::string partial = "14\r\n" + std::string(12, 'x');
  const RequestFrame part = Frame(headers + partial, Small());
  CHECK(part.kind == Kind::kChunkedTooLarge);
  CHECK(part.length == headers.size() + partial.size());
  CHECK(part.body_bytes == 10);
}
