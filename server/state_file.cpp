#include "state_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

#include <sys/stat.h>

namespace ddb::server {
namespace {

std::string Folder(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string Why(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// A new, empty temporary file next to `path`; its name goes to `temp`. -1 and `error` on failure.
int CreateTempNextTo(const std::string& path, std::string& temp, std::string& error) {
  const std::string folder = Folder(path);
  const std::size_t slash = path.rfind('/');
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::string pattern = folder + "/." + name + ".XXXXXX";
  std::vector<char> tmpl(pattern.begin(), pattern.end());
  tmpl.push_back('\0');
  const int fd = mkstemp(tmpl.data());
  if (fd < 0) {
    error = Why("cannot create a file in", folder);
    return -1;
  }
  temp = tmpl.data();
  return fd;
}

bool WriteAll(int fd, const std::string& text) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

std::optional<std::string> ReadStateFile(const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = Why("cannot open", path);
    return std::nullopt;
  }
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = Why("cannot read", path);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

std::optional<std::string> WriteStateFileAtomically(const std::string& path, const std::string& text) {
  std::string temp, error;
  const int fd = CreateTempNextTo(path, temp, error);
  if (fd < 0) return error;
  // mkstemp makes the file 0600; a saved state is no more private than any other file.
  ::fchmod(fd, 0644);
  if (!WriteAll(fd, text) || ::fsync(fd) != 0) {
    error = Why("cannot write", temp);
    ::close(fd);
    ::unlink(temp.c_str());
    return error;
  }
  if (::close(fd) != 0) {
    error = Why("cannot write", temp);
    ::unlink(temp.c_str());
    return error;
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    error = Why("cannot replace", path);
    ::unlink(temp.c_str());
    return error;
  }
  // The rename itself is durable only once the folder is synced.
  const int dir = ::open(Folder(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return std::nullopt;
}

std::optional<std::string> CheckStateFileWritable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return path + " is a folder, not a file";
  std::string temp, error;
  const int fd = CreateTempNextTo(path, temp, error);
  if (fd < 0) return error;
  ::close(fd);
  ::unlink(temp.c_str());
  return std::nullopt;
}

}  // namespace ddb::server
