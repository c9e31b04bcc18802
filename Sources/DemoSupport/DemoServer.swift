import Foundation

/// A real HTTP server the demo pages instead of its embedded source (`--url URL --strategy`).
package struct DemoServer: Equatable, Sendable {
  /// How the demo finds the next page in a server's responses.
  package enum Strategy: String, Sendable, CaseIterable, Codable {
    /// Follow the RFC 8288 `Link` header's `rel="next"` URL (`--strategy link`).
    case link
    /// Read the next cursor from a field of the JSON body, as Datasette's `next`
    /// (`--strategy cursor-field`).
    case cursorField = "cursor-field"
  }

  /// The first page's URL, `http` or `https`, with a host.
  package var url: URL
  /// How to find the next page.
  package var strategy: Strategy

  /// Creates a server description.
  /// - Parameters:
  ///   - url: The first page's URL.
  ///   - strategy: How to find the next page.
  package init(url: URL, strategy: Strategy) {
    self.url = url
    self.strategy = strategy
  }
}
