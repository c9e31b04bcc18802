import Foundation

/// The origin of a URL, as RFC 6454 defines it: its scheme, host and port.
///
/// ``HTTPPageSource`` follows a cursor only to the origin of its first page, so that headers
/// such as `Authorization` never reach another host; other origins must be listed in its
/// `allowedOrigins`.
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lower-cased (`https`).
  public var scheme: String
  /// The host, lower-cased (`api.example.com`, `127.0.0.1`).
  public var host: String
  /// The port: the URL's own, else the scheme's default (80 for `http` and `ws`, 443 for
  /// `https` and `wss`), else `nil`.
  public var port: Int?

  /// Creates an origin from its parts.
  /// - Parameters:
  ///   - scheme: The scheme; compared case-insensitively.
  ///   - host: The host; compared case-insensitively.
  ///   - port: The port; `nil` means the scheme's default.
  public init(scheme: String, host: String, port: Int? = nil) {
    self.scheme = scheme.lowercased()
    self.host = host.lowercased()
    self.port = port ?? Self.defaultPort(scheme: self.scheme)
  }

  /// The origin of an absolute URL.
  /// - Parameter url: The URL; relative URLs are resolved against their base first.
  /// - Returns: `nil` when the URL has no scheme or no host.
  /// - Complexity: O(n) in the URL's length.
  public init?(_ url: URL) {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let scheme = components.scheme, let host = components.host, !host.isEmpty
    else { return nil }
    self.init(scheme: scheme, host: host, port: components.port)
  }

  /// Refuses `url` unless it lies on `base`'s origin or on one of `allowed`: the check
  /// ``HTTPPageSource`` makes before each request, so that its headers (`Authorization`
  /// included) never reach another host. Call it in a page source of your own before you
  /// request a cursor that came from a response.
  /// - Parameters:
  ///   - url: The URL about to be requested.
  ///   - base: The source's URL, whose origin is trusted.
  ///   - allowed: Other trusted origins (default: none).
  /// - Throws: ``HTTPPagingError/invalidURL(_:)`` when `base` has no scheme or host (a URL
  ///   written without `https://`), ``HTTPPagingError/crossOriginCursor(url:origin:)`` when
  ///   `url` lies elsewhere.
  /// - Complexity: O(n) in the length of the two URLs.
  public static func check(_ url: URL, against base: URL, allowing allowed: Set<HTTPOrigin> = [])
    throws(HTTPPagingError)
  {
    guard let home = HTTPOrigin(base), home.scheme == "http" || home.scheme == "https" else {
      throw .invalidURL(base)
    }
    guard let origin = HTTPOrigin(url), origin == home || allowed.contains(origin) else {
      throw .crossOriginCursor(url: url, origin: home)
    }
  }

  /// `scheme://host:port`.
  public var description: String {
    port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
  }

  private static func defaultPort(scheme: String) -> Int? {
    switch scheme {
    case "http", "ws": 80
    case "https", "wss": 443
    default: nil
    }
  }
}
