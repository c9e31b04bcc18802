import Foundation
import Paging
import PagingHTTP
import Testing

/// A repository name of the registry's catalog: the body holds bare strings, so the name is
/// the id.
struct RegistryRepository: Decodable, Identifiable, Sendable {
  var id: String

  init(from decoder: any Decoder) throws {
    id = try decoder.singleValueContainer().decode(String.self)
  }
}

/// The real docker-registry that `.ci/registry.sh start` serves (150 repositories).
enum Registry: CIServer {
  static let serverName = "docker-registry"
  static let script = "registry"
  static let urlVariable = "PAGING_REGISTRY_URL"

  /// The catalog's URL, or a clear error when the environment lacks the server.
  static func catalogURL() throws -> URL {
    try baseURL().appendingPathComponent("v2/_catalog")
  }
}

/// docker-registry (issue 12): a relative `Link` header, resolved against the request URL.
@Suite(
  "docker-registry: the catalog's relative Link header",
  .enabled(if: Registry.isConfiguredOrCI, Registry.disabledReason), .timeLimit(.minutes(1)))
struct RegistryTests {
  @Test func theCatalogIsWalkedByItsRelativeLinks() async throws {
    let source = HTTPPageSource<RegistryRepository>(
      url: try Registry.catalogURL(), strategy: .linkHeader(itemsPath: ["repositories"]),
      queryItems: [URLQueryItem(name: "n", value: "40")])
    var names: [String] = []
    var pages = 0
    for try await page in source.pages() {
      pages += 1
      names += page.items.map(\.id)
    }
    #expect(
      names
        == (1...150).map {
          "repo" + String(repeating: "0", count: 3 - String($0).count) + String($0)
        })
    #expect(pages == 4)
  }
}
