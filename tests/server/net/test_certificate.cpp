#include "test_certificate.hpp"

#include <atomic>
#include <fstream>
#include <memory>
#include <stdexcept>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <unistd.h>

namespace concord::server::testing {
namespace {

using KeyPtr = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using CertPtr = std::unique_ptr<X509, decltype(&X509_free)>;
using BioPtr = std::unique_ptr<BIO, decltype(&BIO_free)>;

void require(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("openssl: ") + what);
}

CertPtr make_certificate(EVP_PKEY* key) {
  CertPtr cert(X509_new(), &X509_free);
  require(cert != nullptr, "X509_new");
  require(X509_set_version(cert.get(), 2) == 1, "X509_set_version");
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
  require(X509_set_pubkey(cert.get(), key) == 1, "X509_set_pubkey");
  X509_NAME* name = X509_get_subject_name(cert.get());
  const auto* cn = reinterpret_cast<const unsigned char*>("localhost");
  require(X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, cn, -1, -1, 0) == 1, "X509_NAME_add_entry");
  require(X509_set_issuer_name(cert.get(), name) == 1, "X509_set_issuer_name");
  require(X509_sign(cert.get(), key, EVP_sha256()) > 0, "X509_sign");
  return cert;
}

std::string bio_string(BIO* bio) {
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  return std::string(data, static_cast<std::size_t>(size));
}

std::string cert_to_pem(X509* cert) {
  BioPtr bio(BIO_new(BIO_s_mem()), &BIO_free);
  require(PEM_write_bio_X509(bio.get(), cert) == 1, "PEM_write_bio_X509");
  return bio_string(bio.get());
}

std::string key_to_pem(EVP_PKEY* key) {
  BioPtr bio(BIO_new(BIO_s_mem()), &BIO_free);
  require(PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr) == 1, "PEM_write_bio");
  return bio_string(bio.get());
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  require(static_cast<bool>(out), "writing a PEM file");
}

std::filesystem::path fresh_directory() {
  static std::atomic<int> counter{0};
  auto dir = std::filesystem::temp_directory_path() /
             ("concord-net-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TestCertificate::TestCertificate() : dir_(fresh_directory()) {
  KeyPtr key(EVP_EC_gen("P-256"), &EVP_PKEY_free);
  require(key != nullptr, "EVP_EC_gen");
  auto cert = make_certificate(key.get());
  cert_pem_ = cert_to_pem(cert.get());
  write_file(cert_path(), cert_pem_);
  write_file(key_path(), key_to_pem(key.get()));
}

TestCertificate::~TestCertificate() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

}  // namespace concord::server::testing
