// swift-format-ignore-file
// README's chat, verbatim (.ci/typecheck-apple-glue.sh).
import Paging
import PagingSwiftUI
import SwiftUI

struct MessagesSource: PageSource {  // cursors: .newest, .before(id), .after(id)
  func loadPage(_ request: PageRequest<MessageCursor>) async throws -> Page<Message, MessageCursor> {
    let page = try await API.messages(at: request.cursor ?? .newest, limit: 30)  // oldest first
    return Page(
      items: page.messages,
      nextCursor: page.hasNewer ? page.messages.last.map { .after($0.id) } : nil,
      previousCursor: page.hasOlder ? page.messages.first.map { .before($0.id) } : nil)
  }
}

struct ChatView: View {
  @State private var chat = Paginator(source: MessagesSource())

  var body: some View {
    PaginatedChat(chat, openingAt: .newest) { message in  // start(at: .newest), PagingHeader,
      MessageRow(message)                                  // .pagingScrollAnchor(chat)
    }
  }
}
