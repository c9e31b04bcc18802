// swift-format-ignore-file
import Foundation
import Paging
import PagingHTTP
import PagingWalk

// The walk of the DocC article "Walking pages without a UI", inside a function that is compiled
// and never run, with what it assumes declared around it. The article "Servers, wire formats
// and failures" opens with top-level code: .ci/typecheck-apple-glue.sh type-checks it
// (.ci/readme-snippets/HTTPSources.swift).

private func walkingPagesArticleWalk(notes: HTTPPageSource<ReleaseNote>) async throws {
  func save(_ items: [ReleaseNote]) {}
  func resume(from cursor: HTTPCursor?) {}

  // Every note, one request per page; nothing runs ahead of the loop.
  for try await note in notes.pages().items {
    print(note.title)
  }

  // Pages, with limits and automatic retries that honour Retry-After.
  let backoff = ExponentialBackoff(maxAttempts: 5, immediateFirstRetry: true)  // 5 retries
  let options = PageWalkOptions(maxPages: 50, retryPolicy: .exponentialBackoff(backoff))
  do {
    for try await page in notes.pages(options: options) { save(page.items) }
  } catch let error as PageWalkError<HTTPCursor> {
    print(error)                  // query values redacted: ?api_key=…&_next=…
    resume(from: error.cursor)    // notes.pages(from: error.cursor) picks up at the failed page
  }
}
