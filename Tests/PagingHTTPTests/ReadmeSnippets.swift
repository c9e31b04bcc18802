// swift-format-ignore-file
import Foundation
import Paging
import PagingHTTP

// README's walk, verbatim and compiled, never run (ReadmeSnippetTests in PagingTestingTests
// checks every ```swift block of the README is in a file like this one); then the walk of the
// DocC article "Walking pages without a UI", inside a function, with what it assumes declared
// around it. The article "Servers, wire formats and failures" opens with top-level code:
// .ci/typecheck-apple-glue.sh type-checks it (.ci/readme-snippets/HTTPSources.swift).

struct Repo: Decodable, Identifiable, Sendable { let id: Int; let name: String }

func printRepos() async throws {
  let repos = HTTPPageSource<Repo>(  // import PagingHTTP
    url: URL(string: "https://api.github.com/orgs/swiftlang/repos?per_page=100")!,
    strategy: .linkHeader())  // GitHub's Link: <…>; rel="next"
  for try await repo in repos.pages().items {  // one request per page, when the loop asks
    print(repo.name)
  }
}

private func walkingPagesArticleWalk(notes: HTTPPageSource<ReleaseNote>) async throws {
  func save(_ items: [ReleaseNote]) {}
  func resume(from cursor: HTTPCursor?) {}

  // Every note, one request per page; nothing runs ahead of the loop.
  for try await note in notes.pages().items {
    print(note.title)
  }

  // Pages, with limits and automatic retries that honour Retry-After.
  let backoff = ExponentialBackoff(maxAttempts: 5, immediateFirstRetry: true)  // .standard, 5 tries
  let options = PageWalkOptions(maxPages: 50, retryPolicy: .exponentialBackoff(backoff))
  do {
    for try await page in notes.pages(options: options) { save(page.items) }
  } catch let error as PageWalkError<HTTPCursor> {
    print(error)                  // query values redacted: ?api_key=…&_next=…
    resume(from: error.cursor)    // notes.pages(from: error.cursor) picks up at the failed page
  }
}
