// swift-format-ignore-file
// README's walk, verbatim: compiled, never run (DocumentationSnippetTests in PagingTestingTests checks
// every ```swift block of the README is in a file like this one).
import Foundation
import PagingHTTP
import PagingWalk

struct Repo: Decodable, Identifiable, Sendable { let id: Int; let name: String }

func printRepos() async throws {
  let repos = HTTPPageSource<Repo>(
    url: URL(string: "https://api.github.com/orgs/swiftlang/repos?per_page=100")!,
    strategy: .linkHeader())  // GitHub's Link: <…>; rel="next"
  for try await repo in repos.pages().items {  // one request per page, when the loop asks
    print(repo.name)
  }
}
