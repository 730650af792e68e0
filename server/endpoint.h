// The HTTP endpoint: cpp-httplib's server in front of one Database.
//
// Call flow of a request: httplib reads it on one of its pool threads -> the body is read up
// to the size limit -> the front end's checks (front_end.h) may answer it -> otherwise the
// engine answers through ddb::HandleTarget, one request at a time under a mutex -> the answer
// goes out with DynamoDB's headers (x-amzn-RequestId, x-amz-crc32 over the body, Date).
//
// Ownership: the Endpoint borrows the Database, which must outlive it. Serve() blocks until
// Stop() is called from another thread (the signal thread, in main).
#pragma once

#include <httplib.h>

#include <mutex>
#include <optional>
#include <string>

#include "ddb/database.h"
#include "front_end.h"
#include "request_ids.h"

namespace ddb::server {

struct EndpointOptions {
  int threads = 64;
  RequestLimits limits;
  std::string region = "us-east-1";  // names the health check's host, as DynamoDB's does
};

class Endpoint {
 public:
  Endpoint(Database& db, EndpointOptions options);
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;

  // Binds host:port (port 0: any free port). The port bound, or nullopt.
  std::optional<int> Bind(const std::string& host, int port);
  // Accepts connections until Stop(); waits for requests in flight to finish. False if
  // the listening socket failed.
  bool Serve();
  // Whether Serve() is accepting connections.
  bool IsServing() const;
  // Stops a Serve() that is accepting connections: no new connections, requests already read
  // are answered, idle kept-alive connections are closed. Call once, from another thread.
  void Stop();

 private:
  void HandlePost(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read);
  void HandleOptions(const httplib::Request& req, httplib::Response& res);
  struct RequestHeaders;
  // Sends an answer with DynamoDB's headers.
  void Send(const RequestHeaders& headers, httplib::Response& res, HttpAnswer answer);

  Database& db_;
  std::mutex db_mutex_;  // the engine is not thread-safe: requests run one at a time
  EndpointOptions options_;
  RequestIds request_ids_;
  int port_ = 0;
  httplib::Server http_;
};

}  // namespace ddb::server
