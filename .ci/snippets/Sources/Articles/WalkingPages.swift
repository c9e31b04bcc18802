// swift-format-ignore-file
// The walks of PagingWalk's DocC catalogue (its overview and the article "Walking pages without
// a UI"), verbatim, each inside a function that is compiled and never run.
import Foundation
import Paging
import PagingHTTP
import PagingWalk

private struct ReleaseNote: Decodable, Identifiable, Sendable {
  let id: Int
  let title: String
}

private func overviewWalk(notes: HTTPPageSource<ReleaseNote>) async throws {
  for try await note in notes.pages().items { print(note.title) }
}

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
