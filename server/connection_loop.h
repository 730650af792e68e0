// The endpoint's transport: one thread, one epoll set, non-blocking sockets.
//
// Why not cpp-httplib's own listen(): it serves each connection on a pool thread that polls
// before every read and write, and the threads then queue on the engine's mutex; under 32
// keep-alive clients that cost 60-100 µs of CPU per request, where the engine's work is 5 µs.
// Here cpp-httplib still does all of HTTP (parsing, routing, chunked bodies, writing the
// answer); this loop only buffers bytes until a whole request is in, hands them to httplib as
// a Stream, and writes httplib's answer out without blocking.
//
// Call flow of a connection: accept -> read what is there -> Frame() finds a whole request
// (headers, then Content-Length bytes or a chunked body up to its last chunk) -> the
// ProcessRequest callback reads it from a memory stream and writes the answer into the
// connection's output -> the output is sent, waiting for EPOLLOUT if the socket is full.
// A body over the size limit is read and dropped as it arrives (httplib answers 413 from the
// headers alone, or from the first chunks past the limit), so the connection stays in step.
// Connections with no traffic for `idle_seconds` are closed.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <httplib.h>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace ddb::server {

struct ConnectionLimits {
  std::size_t max_body_bytes = 16 * 1024 * 1024;  // larger bodies are dropped as they arrive
  std::size_t max_header_bytes = 64 * 1024;       // request line and headers
  int idle_seconds = 5;                           // a connection silent this long is closed
};

class ConnectionLoop {
 public:
  // Answers one whole request: reads it from `stream` and writes the answer to it. Sets
  // `close` when the connection must close once the answer is sent; false closes it at once.
  using ProcessRequest = std::function<bool(httplib::Stream& stream, bool& close)>;

  ConnectionLoop(ProcessRequest process, ConnectionLimits limits);
  ~ConnectionLoop();
  ConnectionLoop(const ConnectionLoop&) = delete;
  ConnectionLoop& operator=(const ConnectionLoop&) = delete;

  // Binds and listens on host:port (port 0: any free port). The port bound, or nullopt.
  std::optional<int> Bind(const std::string& host, int port);
  // Serves connections on the calling thread until Stop(). False if the loop could not start.
  bool Run();  // false also if the epoll set fails
  bool IsRunning() const { return running_.load(); }
  // Ends Run(): stops accepting, sends the answers already written, closes every connection.
  // Callable from any thread.
  void Stop();

 private:
  struct Connection;
  void Accept();
  void Read(Connection& c);
  void ProcessBuffered(Connection& c);
  bool DropChunks(Connection& c);
  void Flush(Connection& c);
  void WatchWrites(Connection& c, bool on);
  void Close(int fd);
  void CloseIdle();
  void Drain();

  ProcessRequest process_;
  ConnectionLimits limits_;
  int listen_fd_ = -1;
  int epoll_fd_ = -1;
  int wake_fd_;  // an eventfd Stop() writes to, made with the loop
  std::atomic<bool> running_{false};
  std::atomic<bool> stop_requested_{false};
  std::unordered_map<int, std::unique_ptr<Connection>> connections_;
};

// What Frame() found at the start of a connection's input.
struct RequestFrame {
  enum class Kind {
    kIncomplete,       // wait for more bytes
    kComplete,         // `length` bytes are one whole request
    kBodyTooLarge,     // headers are `length` bytes; the Content-Length body (`body_bytes`) is over the limit
    kChunkedTooLarge,  // the first `length` bytes carry more chunk data than the limit; `body_bytes`
                       // more bytes finish the chunk they end in, and chunks follow to the last one
    kMalformed,        // cannot be framed: hand `length` bytes to httplib to answer, then close
  };
  Kind kind = Kind::kIncomplete;
  std::size_t length = 0;
  std::size_t body_bytes = 0;
};

// Finds the first request in `input`. Pure: unit-tested in tests/server/unit/framing_test.cpp,
// and through real sockets in tests/server/transport.test.mjs.
RequestFrame Frame(std::string_view input, const ConnectionLimits& limits);

}  // namespace ddb::server
