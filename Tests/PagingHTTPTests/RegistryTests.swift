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
enum Registry {
  /// A server is configured, or this is CI, where a missing server must fail the tests.
  static var isConfiguredOrCI: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["PAGING_REGISTRY_URL"] != nil || environment["CI"] == "true"
  }

  static let disabledReason: Comment =
    "no docker-registry: run `.ci/registry.sh start` and `. .build/registry/env` (with CI=true these tests run and fail instead)"

  /// The catalog's URL, or a clear error when the environment lacks the server.
  static func catalogURL() throws -> URL {
    guard let text = ProcessInfo.processInfo.environment["PAGING_REGISTRY_URL"],
      let base = URL(string: text)
    else {
      throw DatasetteSetupError(
        description:
          "PAGING_REGISTRY_URL is not set: run `.ci/registry.sh start` and source .build/registry/env"
      )
    }
    return base.appendingPathComponent("v2/_catalog")
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
