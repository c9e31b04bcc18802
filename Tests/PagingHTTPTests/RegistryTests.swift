import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// The real docker-registry that `.ci/registry.sh start` serves (150 repositories).
enum Registry: CIServer {
  static let serverName = "docker-registry"
  static let script = "registry"
  static let urlVariable = "PAGING_REGISTRY_URL"

  /// The seeded repositories, in the catalog's order: `repo001`...`repo150`.
  static let repositories = (1...150).map { "repo" + String(format: "%03d", $0) }

  /// The catalog's URL, or a clear error when the environment lacks the server.
  static func catalogURL() throws -> URL {
    try baseURL().appendingPathComponent("v2/_catalog")
  }
}

/// docker-registry: a relative `Link` header, resolved against the request URL.
@Suite(
  "docker-registry: the catalog's relative Link header",
  .enabled(if: Registry.isConfiguredOrCI, Registry.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct RegistryTests {
  @Test func theCatalogIsWalkedByItsRelativeLinks() async throws {
    // The catalog holds bare strings: each name is its own id.
    let source = HTTPPageSource(
      url: try Registry.catalogURL(), strategy: .linkHeader(itemsPath: ["repositories"]),
      id: \String.self, queryItems: [URLQueryItem(name: "n", value: "40")])
    var names: [String] = []
    var pages = 0
    for try await page in source.pages() {
      pages += 1
      names += page.items.map(\.value)
      #expect(page.items.map(\.id) == page.items.map(\.value))
    }
    #expect(names == Registry.repositories)
    #expect(pages == 4)
  }
}
