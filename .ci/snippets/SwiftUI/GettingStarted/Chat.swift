// swift-format-ignore-file
// "Getting started in SwiftUI": the chat, verbatim, with the imports a file of its own needs.
import Paging
import PagingSwiftUI
import SwiftUI

enum MessageCursor: Hashable, Sendable {
  case newest
  case before(Message.ID)
  case after(Message.ID)
}

struct MessagesSource: PageSource {
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
    PaginatedChat(chat, openingAt: .newest) { message in
      MessageRow(message)
    }
  }
}
