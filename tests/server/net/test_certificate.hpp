// A self-signed certificate and key (EC P-256, CN=localhost) generated at
// runtime with the OpenSSL API and written as PEM files to a fresh temporary
// directory, removed again by the destructor.
#pragma once

#include <filesystem>
#include <string>

namespace concord::server::testing {

class TestCertificate {
 public:
  TestCertificate();
  ~TestCertificate();
  TestCertificate(const TestCertificate&) = delete;
  TestCertificate& operator=(const TestCertificate&) = delete;

  std::string cert_path() const { return (dir_ / "cert.pem").string(); }
  std::string key_path() const { return (dir_ / "key.pem").string(); }
  const std::string& cert_pem() const { return cert_pem_; }

 private:
  std::filesystem::path dir_;
  std::string cert_pem_;
};

}  // namespace concord::server::testing
