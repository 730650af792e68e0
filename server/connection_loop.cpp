#include "connection_loop.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <unistd.h>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

#include "http_text.h"

namespace ddb::server {
namespace {

using Clock = std::chrono::steady_clock;

// Answers waiting to be sent past which a connection's further pipelined requests wait.
constexpr std::size_t kMaxPendingOutput = 1024 * 1024;
// How long Stop() keeps sending answers already written to slow readers.
constexpr auto kDrainTime = std::chrono::seconds(2);

bool ContainsIgnoringCase(std::string_view text, std::string_view word) {
  if (word.size() > text.size()) return false;
  for (std::size_t i = 0; i + word.size() <= text.size(); ++i)
    if (EqualsIgnoringCase(text.substr(i, word.size()), word)) return true;
  return false;
}

std::optional<std::size_t> ParseDecimal(std::string_view s) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  std::size_t n = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(ch - '0');
  }
  return n;
}

std::optional<std::size_t> ParseHex(std::string_view s) {
  s = Trim(s.substr(0, s.find(';')));  // chunk extensions are ignored
  if (s.empty() || s.size() > 15) return std::nullopt;
  std::size_t n = 0;
  for (char ch : s) {
    int digit;
    if (ch >= '0' && ch <= '9') digit = ch - '0';
    else if (ch >= 'a' && ch <= 'f') digit = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F') digit = ch - 'A' + 10;
    else return std::nullopt;
    n = n * 16 + static_cast<std::size_t>(digit);
  }
  return n;
}

// Longest chunk-size line accepted (a size in hex and chunk extensions).
constexpr std::size_t kMaxChunkLine = 1024;

// The end of a chunked body that starts at `begin`, or where to cut it once it carries more
// data than the limit.
RequestFrame FrameChunked(std::string_view input, std::size_t begin, const ConnectionLimits& limits) {
  const RequestFrame malformed{RequestFrame::Kind::kMalformed, input.size(), 0};
  std::size_t p = begin;
  std::size_t data = 0;
  for (;;) {
    const std::size_t line_end = input.find("\r\n", p);
    if (line_end == std::string_view::npos) {
      if (input.size() - p > kMaxChunkLine) return malformed;
      if (data > limits.max_body_bytes) return {RequestFrame::Kind::kChunkedTooLarge, p, 0};
      return {};
    }
    const auto size = ParseHex(input.substr(p, line_end - p));
    if (!size) return malformed;
    const std::size_t chunk = line_end + 2;
    if (*size == 0) {
      // Optional trailer lines, then an empty line.
      if (input.substr(chunk, 2) == "\r\n") return {RequestFrame::Kind::kComplete, chunk + 2, 0};
      if (input.size() - chunk < 2) return {};
      const std::size_t end = input.find("\r\n\r\n", chunk);
      if (end == std::string_view::npos)
        return input.size() - chunk > limits.max_header_bytes ? malformed : RequestFrame{};
      return {RequestFrame::Kind::kComplete, end + 4, 0};
    }
    const std::size_t present = input.size() - chunk;
    if (present < *size + 2) {
      if (data + std::min(present, *size) > limits.max_body_bytes)
        return {RequestFrame::Kind::kChunkedTooLarge, input.size(), *size + 2 - present};
      return {};
    }
    if (input.substr(chunk + *size, 2) != "\r\n") return malformed;
    data += *size;
    p = chunk + *size + 2;
    if (data > limits.max_body_bytes) return {RequestFrame::Kind::kChunkedTooLarge, p, 0};
  }
}

// httplib reads a request from these bytes and writes its answer to `out`.
class BufferStream final : public httplib::Stream {
 public:
  BufferStream(std::string_view input, std::string& out, int fd) : input_(input), out_(out), fd_(fd) {}

  bool is_readable() const override { return true; }
  bool is_writable() const override { return true; }
  ssize_t read(char* ptr, std::size_t size) override {
    const std::size_t n = std::min(size, input_.size() - read_);
    std::memcpy(ptr, input_.data() + read_, n);
    read_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, std::size_t size) override {
    out_.append(ptr, size);
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { Address(false, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { Address(true, ip, port); }
  socket_t socket() const override { return fd_; }

 private:
  void Address(bool local, std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t size = sizeof addr;
    auto* sa = reinterpret_cast<sockaddr*>(&addr);
    if ((local ? getsockname(fd_, sa, &size) : getpeername(fd_, sa, &size)) != 0) return;
    char host[NI_MAXHOST];
    char service[NI_MAXSERV];
    if (getnameinfo(sa, size, host, sizeof host, service, sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) != 0) return;
    ip = host;
    port = std::atoi(service);
  }

  std::string_view input_;
  std::size_t read_ = 0;
  std::string& out_;
  int fd_;
};

}  // namespace

RequestFrame Frame(std::string_view input, const ConnectionLimits& limits) {
  const std::size_t headers_end = input.find("\r\n\r\n");
  if (headers_end == std::string_view::npos) {
    // httplib refuses lines that end in a bare LF; hand such a request over at once.
    if (input.find("\n\n") != std::string_view::npos || input.size() > limits.max_header_bytes)
      return {RequestFrame::Kind::kMalformed, input.size(), 0};
    return {};
  }
  const std::size_t header_bytes = headers_end + 4;
  if (header_bytes > limits.max_header_bytes) return {RequestFrame::Kind::kMalformed, header_bytes, 0};

  std::optional<std::size_t> content_length;
  bool chunked = false;
  std::size_t line_start = input.find("\r\n") + 2;  // after the request line
  while (line_start < headers_end) {
    const std::size_t line_end = input.find("\r\n", line_start);
    const std::string_view line = input.substr(line_start, line_end - line_start);
    line_start = line_end + 2;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;  // httplib decides what a bad line means
    const std::string_view name = line.substr(0, colon);
    const std::string_view value = Trim(line.substr(colon + 1));
    if (EqualsIgnoringCase(name, "content-length")) {
      content_length = ParseDecimal(value);
      if (!content_length) return {RequestFrame::Kind::kMalformed, header_bytes, 0};
    } else if (EqualsIgnoringCase(name, "transfer-encoding") && ContainsIgnoringCase(value, "chunked")) {
      chunked = true;
    }
  }
  if (chunked) return FrameChunked(input, header_bytes, limits);
  if (!content_length || *content_length == 0) return {RequestFrame::Kind::kComplete, header_bytes, 0};
  if (*content_length > limits.max_body_bytes)
    return {RequestFrame::Kind::kBodyTooLarge, header_bytes, *content_length};
  if (input.size() - header_bytes < *content_length) return {};
  return {RequestFrame::Kind::kComplete, header_bytes + *content_length, 0};
}

struct ConnectionLoop::Connection {
  int fd = -1;
  std::string input;
  std::string output;
  std::size_t output_sent = 0;
  // What is left of a request already answered with 413: raw bytes, then (for a chunked
  // body) chunks up to the last one. Then the connection closes if the request said so.
  std::size_t body_bytes_to_drop = 0;
  bool dropping_chunks = false;
  bool close_after_drop = false;
  bool close_after_output = false;
  bool watching_writes = false;
  Clock::time_point last_activity = Clock::now();
};

ConnectionLoop::ConnectionLoop(ProcessRequest process, ConnectionLimits limits)
    : process_(std::move(process)), limits_(limits), wake_fd_(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

ConnectionLoop::~ConnectionLoop() {
  for (auto& [fd, connection] : connections_) ::close(fd);
  if (listen_fd_ >= 0) ::close(listen_fd_);
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

std::optional<int> ConnectionLoop::Bind(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return std::nullopt;
  for (addrinfo* a = found; a && listen_fd_ < 0; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    // SO_REUSEADDR allows a quick restart; SO_REUSEPORT is left off so that a second server
    // cannot bind a port in use and silently share its connections.
    int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0) {
      listen_fd_ = fd;
    } else {
      ::close(fd);
    }
  }
  freeaddrinfo(found);
  if (listen_fd_ < 0) return std::nullopt;
  sockaddr_storage bound{};
  socklen_t size = sizeof bound;
  getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &size);
  if (bound.ss_family == AF_INET6) return ntohs(reinterpret_cast<sockaddr_in6&>(bound).sin6_port);
  return ntohs(reinterpret_cast<sockaddr_in&>(bound).sin_port);
}

bool ConnectionLoop::Run() {
  if (listen_fd_ < 0) return false;
  epoll_fd_ = epoll_create1(EPOLL_CLOEXEC);
  if (epoll_fd_ < 0 || wake_fd_ < 0) return false;
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.fd = listen_fd_;
  if (epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &event) != 0) return false;
  event.data.fd = wake_fd_;
  if (epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &event) != 0) return false;

  running_ = true;
  bool failed = false;
  std::vector<epoll_event> events(256);
  auto last_idle_check = Clock::now();
  while (!stop_requested_.load()) {
    const int n = epoll_wait(epoll_fd_, events.data(), static_cast<int>(events.size()), 1000);
    if (n < 0 && errno != EINTR) {
      failed = true;
      break;
    }
    for (int i = 0; i < n; ++i) {
      const int fd = events[i].data.fd;
      if (fd == listen_fd_) {
        Accept();
        continue;
      }
      if (fd == wake_fd_) {
        std::uint64_t count;
        [[maybe_unused]] const ssize_t ignored = ::read(wake_fd_, &count, sizeof count);
        continue;
      }
      const auto found = connections_.find(fd);
      if (found == connections_.end()) continue;  // closed earlier in this batch
      Connection& c = *found->second;
      if (events[i].events & EPOLLOUT) Flush(c);
      if (!connections_.count(fd)) continue;
      if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR | EPOLLRDHUP)) Read(c);
    }
    if (Clock::now() - last_idle_check >= std::chrono::seconds(1)) {
      CloseIdle();
      last_idle_check = Clock::now();
    }
  }
  ::close(listen_fd_);
  listen_fd_ = -1;
  Drain();
  running_ = false;
  return !failed;
}

void ConnectionLoop::Stop() {
  stop_requested_ = true;
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t ignored = ::write(wake_fd_, &one, sizeof one);
}

void ConnectionLoop::Accept() {
  for (;;) {
    const int fd = accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: all taken; other errors (EMFILE): try again on the next wake
    // Answers go out in one write, but a client's delayed ACK must never hold one back.
    int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP;
    event.data.fd = fd;
    if (epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &event) != 0) {
      ::close(fd);
      continue;
    }
    auto c = std::make_unique<Connection>();
    c->fd = fd;
    connections_[fd] = std::move(c);
  }
}

void ConnectionLoop::Read(Connection& c) {
  char buffer[64 * 1024];
  bool peer_closed = false;
  // Level-triggered: what is left after this much is read on the next wake, so one busy
  // connection cannot starve the others.
  for (int reads = 0; reads < 16; ++reads) {
    const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
    if (n > 0) {
      std::size_t taken = 0;
      if (c.body_bytes_to_drop > 0) {
        taken = std::min(c.body_bytes_to_drop, static_cast<std::size_t>(n));
        c.body_bytes_to_drop -= taken;
      }
      c.input.append(buffer + taken, static_cast<std::size_t>(n) - taken);
      c.last_activity = Clock::now();
      if (static_cast<std::size_t>(n) < sizeof buffer) break;
      continue;
    }
    if (n == 0) peer_closed = true;
    else if (errno == EINTR) continue;
    else if (errno != EAGAIN && errno != EWOULDBLOCK) peer_closed = true;
    break;
  }
  const int fd = c.fd;
  ProcessBuffered(c);
  if (!connections_.count(fd)) return;
  if (peer_closed) {
    // Answers already written still go out if the peer only shut its sending side.
    c.close_after_output = true;
    c.input.clear();
  }
  Flush(c);
}

void ConnectionLoop::ProcessBuffered(Connection& c) {
  while (!c.close_after_output && c.output.size() - c.output_sent < kMaxPendingOutput) {
    if (c.body_bytes_to_drop > 0) return;  // Read() drops them as they come
    if (c.dropping_chunks) {
      if (!DropChunks(c)) return;
      c.dropping_chunks = false;
    }
    if (c.close_after_drop) {
      c.close_after_output = true;
      c.input.clear();
      return;
    }
    const RequestFrame frame = Frame(c.input, limits_);
    if (frame.kind == RequestFrame::Kind::kIncomplete) return;
    bool close = frame.kind == RequestFrame::Kind::kMalformed;
    // For a sized body over the limit httplib gets the headers alone: it answers 413 and reads
    // nothing more. A chunked one goes as far as the limit is passed; httplib reads to the cut.
    const std::string_view request(c.input.data(), frame.length);
    BufferStream stream(request, c.output, c.fd);
    const bool ok = process_(stream, close);
    std::size_t consumed = frame.length;
    if (frame.kind == RequestFrame::Kind::kBodyTooLarge) {
      const std::size_t present = std::min(frame.body_bytes, c.input.size() - frame.length);
      consumed += present;
      c.body_bytes_to_drop = frame.body_bytes - present;
    } else if (frame.kind == RequestFrame::Kind::kChunkedTooLarge) {
      c.body_bytes_to_drop = frame.body_bytes;
      c.dropping_chunks = true;
    }
    c.input.erase(0, consumed);
    if (!ok) {
      c.close_after_output = true;
      c.input.clear();
    } else if (close) {
      // A client still sending the body of a refused request would see its connection reset
      // rather than the answer: close only once the body is in.
      if (c.body_bytes_to_drop > 0 || c.dropping_chunks) {
        c.close_after_drop = true;
      } else {
        c.close_after_output = true;
        c.input.clear();
      }
    }
  }
}

bool ConnectionLoop::DropChunks(Connection& c) {
  for (;;) {
    const std::size_t line_end = c.input.find("\r\n");
    if (line_end == std::string::npos) {
      if (c.input.size() > kMaxChunkLine) {
        c.close_after_output = true;  // not chunked framing: nothing more can be read in step
        c.input.clear();
      }
      return false;
    }
    const auto size = ParseHex(std::string_view(c.input).substr(0, line_end));
    if (!size) {
      c.close_after_output = true;
      c.input.clear();
      return false;
    }
    if (*size == 0) {
      const std::size_t end =
          c.input.compare(line_end + 2, 2, "\r\n") == 0 ? line_end + 2 : c.input.find("\r\n\r\n", line_end);
      if (end == std::string::npos) return false;
      c.input.erase(0, end + (end == line_end + 2 ? 2 : 4));
      return true;
    }
    const std::size_t chunk_end = line_end + 2 + *size + 2;
    if (c.input.size() < chunk_end) {
      c.body_bytes_to_drop = chunk_end - c.input.size();
      c.input.clear();
      return false;
    }
    c.input.erase(0, chunk_end);
  }
}

void ConnectionLoop::Flush(Connection& c) {
  while (c.output_sent < c.output.size()) {
    const ssize_t n = ::send(c.fd, c.output.data() + c.output_sent, c.output.size() - c.output_sent, MSG_NOSIGNAL);
    if (n > 0) {
      c.output_sent += static_cast<std::size_t>(n);
      c.last_activity = Clock::now();
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return WatchWrites(c, true);
    return Close(c.fd);  // the peer is gone
  }
  c.output.clear();
  c.output_sent = 0;
  if (c.watching_writes) WatchWrites(c, false);
  if (c.close_after_output) return Close(c.fd);
  // Pipelined requests that waited for this output to go out.
  if (!c.input.empty()) {
    const int fd = c.fd;
    ProcessBuffered(c);
    if (connections_.count(fd) && !c.output.empty()) Flush(c);
  }
}

void ConnectionLoop::WatchWrites(Connection& c, bool on) {
  epoll_event event{};
  event.events = EPOLLIN | EPOLLRDHUP | (on ? EPOLLOUT : 0u);
  event.data.fd = c.fd;
  epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, c.fd, &event);
  c.watching_writes = on;
}

void ConnectionLoop::Close(int fd) {
  epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr);
  ::close(fd);
  connections_.erase(fd);
}

void ConnectionLoop::CloseIdle() {
  const auto deadline = Clock::now() - std::chrono::seconds(limits_.idle_seconds);
  std::vector<int> idle;
  for (const auto& [fd, c] : connections_)
    if (c->last_activity < deadline) idle.push_back(fd);
  for (int fd : idle) Close(fd);
}

void ConnectionLoop::Drain() {
  // Answers already written go out (for a while), then every connection closes.
  std::vector<int> fds;
  for (const auto& [fd, c] : connections_) fds.push_back(fd);
  for (int fd : fds) {
    Connection& c = *connections_.at(fd);
    c.close_after_output = true;
    c.input.clear();
    Flush(c);
  }
  const auto give_up = Clock::now() + kDrainTime;
  std::vector<epoll_event> events(64);
  while (!connections_.empty() && Clock::now() < give_up) {
    const int n = epoll_wait(epoll_fd_, events.data(), static_cast<int>(events.size()), 100);
    for (int i = 0; i < n; ++i) {
      const auto found = connections_.find(events[i].data.fd);
      if (found != connections_.end()) Flush(*found->second);
    }
  }
  fds.clear();
  for (const auto& [fd, c] : connections_) fds.push_back(fd);
  for (int fd : fds) Close(fd);
}

}  // namespace ddb::server
