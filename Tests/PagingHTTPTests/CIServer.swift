import Foundation
import Testing

/// A real server that `.ci/<script>.sh start` runs on loopback and announces through one
/// environment variable (its base URL, written to `.build/<script>/env`): whether its tests
/// run, why they are disabled, and its base URL.
protocol CIServer {
  /// The server's name in messages ("PocketBase").
  static var serverName: String { get }
  /// The script's name under `.ci/` without `.sh` ("pocketbase").
  static var script: String { get }
  /// The variable that holds the base URL ("PAGING_POCKETBASE_URL").
  static var urlVariable: String { get }
}

extension CIServer {
  /// A server is configured, or this is CI, where a missing server must fail the tests.
  static var isConfiguredOrCI: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment[urlVariable] != nil || environment["CI"] == "true"
  }

  /// Why the tests are disabled outside CI without the server.
  static var disabledReason: Comment {
    Comment(
      rawValue:
        "no \(serverName): run `.ci/\(script).sh start` and `. .build/\(script)/env` (with CI=true these tests run and fail instead)"
    )
  }

  /// The server's base URL, or a clear error when the environment lacks the server.
  static func baseURL() throws -> URL {
    guard let base = URL(string: try variable(urlVariable)) else {
      throw DatasetteSetupError(description: "\(urlVariable) is not a URL")
    }
    return base
  }

  /// A variable of the script's environment file, or a clear error when it is missing.
  static func variable(_ name: String) throws -> String {
    guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
      throw DatasetteSetupError(
        description:
          "\(name) is not set: run `.ci/\(script).sh start` and source .build/\(script)/env")
    }
    return value
  }

  /// A fresh temporary folder for a server process of the test's own.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paging-\(script)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
