import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes the
/// connection, the request is sent, and no byte ever comes back.
private final class SilentListener {
  let descriptor: Int32
  let port: UInt16

  init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard descriptor >= 0, bound else {
      close(descriptor)
      throw URLError(.cannotConnectToHost)
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }
}

@Suite("HTTP transports' deadline", .timeLimit(.minutes(minuteLimit)))
struct TransportDeadlineTests {
  /// FoundationNetworking ignores `timeoutIntervalForResource`; with a long idle timeout a
  /// server that never answers (or trickles a byte now and then) held the load for good.
  /// (`TransportKind.make` sets an idle timeout of an hour.)
  @Test(arguments: TransportKind.allCases)
  func aRequestPastTheWholeRequestTimeoutFailsAsATimeout(_ kind: TransportKind) async throws {
    let listener = try SilentListener()
    let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/notes"))
    let source = HTTPPageSource<Note>(
      url: url, strategy: .linkHeader(), transport: kind.make(timeout: .milliseconds(200)))

    let error = await loadError(source)

    guard case .transport(let urlError) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(urlError.code == .timedOut)
    #expect(error?.isRetryable == true)
    withExtendedLifetime(listener) {}
  }

  @Test func theDefaultTransportsBoundAWholeRequestToSixtySeconds() {
    #expect(URLSessionTransport.defaultConfiguration.timeoutIntervalForResource == 60)
    #if canImport(FoundationNetworking)
      #expect(CurlTransport.shared.timeout == .seconds(60))
      #expect(HTTPPageSource<Note>.defaultTransport is CurlTransport)
    #else
      #expect(HTTPPageSource<Note>.defaultTransport is URLSessionTransport)
    #endif
  }
}
