// A WebSocket connection (ws:// or wss://) with its own I/O thread. Frames
// and the close are reported through callbacks that run on that thread;
// send() and close() may be called from any thread.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "client/client_options.hpp"

namespace concord::client {

class Connection {
 public:
  using FrameHandler = std::function<void(std::string&& bytes, bool binary)>;
  using CloseHandler = std::function<void(const CloseInfo& info)>;

  // Connects and completes the WebSocket handshake within options.timeout.
  // Throws ClientError(CONNECT_FAILED). `on_close` is called exactly once,
  // when the connection ends for any reason after open() returned.
  static std::unique_ptr<Connection> open(const std::string& host, unsigned short port, const ClientOptions& options,
                                          FrameHandler on_frame, CloseHandler on_close);

  virtual ~Connection() = default;  // closes the socket and joins the I/O thread
  // Queues one frame; frames go out in call order. Throws ClientError(CLOSED)
  // if the connection has already ended.
  virtual void send(std::string bytes, bool binary) = 0;
  // Starts the WebSocket closing handshake.
  virtual void close(int code, const std::string& reason) = 0;
  virtual bool is_open() const = 0;
};

}  // namespace concord::client
