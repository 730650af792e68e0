// The HTTP endpoint: cpp-httplib's server in front of one Database.
//
// Call flow of a request: the connection loop (connection_loop.h) buffers it whole -> httplib
// parses and routes it -> the body is read up to the size limit -> the front end's checks (front_end.h) may answer it
// -> otherwise the engine answers through ddb::HandleTarget -> the answer goes out with DynamoDB's headers
// (x-amzn-RequestId, x-amz-crc32 over the body, Date).
//
// Ownership: the Endpoint borrows the Database, which must outlive it. Serve() blocks until
// Stop() is called from another thread (the signal thread, in main).
#pragma once

#include <httplib.h>
#include <optional>
#include <string>

#include "connection_loop.h"
#include "ddb/database.h"
#include "front_end.h"
#include "request_ids.h"

namespace ddb::server {

struct EndpointOptions {
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
  // Serves connections on the calling thread until Stop(). False if the listening socket
  // or the loop failed.
  bool Serve();
  // Whether Serve() is accepting connections.
  bool IsServing() const;
  // Stops a Serve() that is accepting connections: no new connections, answers already made
  // are sent, every connection is closed. Call once, from another thread.
  void Stop();

 private:
  void HandlePost(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read);
  void HandleOptions(const httplib::Request& req, httplib::Response& res);
  struct RequestHeaders;
  // Sends an answer with DynamoDB's headers.
  void Send(const RequestHeaders& headers, httplib::Response& res, HttpAnswer answer);

  // httplib's request handling (parse, route, write the answer) over any Stream; its own
  // listen() and thread pool are not used.
  class Http : public httplib::Server {
   public:
    bool Process(httplib::Stream& stream, bool& close) {
      return process_request(stream, false, close, [](httplib::Request& req) {
        // httplib gzips textual answers for clients that accept it; the bytes sent would then
        // not be the ones x-amz-crc32 describes, and DynamoDB answers uncompressed anyway.
        req.headers.erase("Accept-Encoding");
      });
    }
  };

  Database& db_;
  EndpointOptions options_;
  RequestIds request_ids_;
  Http http_;
  ConnectionLoop loop_;
};

}  // namespace ddb::server
