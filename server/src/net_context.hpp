// Private to the network layer: state shared by a NetworkServer's listener
// and sessions. Sessions hold it by shared_ptr, so it outlives the server
// object if connections are still winding down.
#pragma once

#include <memory>

#include <boost/asio/ssl/context.hpp>

#include "concord/server/config.hpp"
#include "concord/server/http_json_source.hpp"
#include "concord/server/link.hpp"
#include "net_registry.hpp"

namespace concord::server::net {

struct NetContext {
  Config config;
  std::shared_ptr<MessageHandler> handler;
  std::shared_ptr<HttpJsonSource> json;  // null: no JSON documents on the HTTP port
  std::unique_ptr<boost::asio::ssl::context> tls;  // null: plain TCP
  ConnectionRegistry registry;
};

}  // namespace concord::server::net
